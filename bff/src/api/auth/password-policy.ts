import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { messages } from '@swapstuff/contracts';

/**
 * zxcvbn's estimate of how many guesses an attacker who knows how people choose passwords needs. Below a
 * million, a password is one of the common or breached ones (its list of 49,000 is from leaked password
 * dumps), a keyboard walk, a repeat or a sequence, or one of those lightly varied (Password1, iloveyou2,
 * aaaaaaaa, 12345678): refused.
 */
export const MIN_GUESSES_LOG10 = 6;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: it ranks some 57,000 dictionary words, which takes a moment and some memory. */
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** The account's own words: its e-mail, the e-mail's name part and its username. */
function personalWords(identity: { email: string; username: string }): string[] {
  const email = identity.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  return [email, local, identity.username.toLowerCase()].filter((word) => word.length >= 3);
}

/** Why this password may not be used by this account, or undefined when it may. */
export function passwordProblem(password: string, identity: { email: string; username: string }): string | undefined {
  const words = personalWords(identity);
  const lower = password.toLowerCase();
  if (words.some((word) => lower.includes(word))) return messages.passwordPersonal;
  if (Math.log10(zxcvbn().check(password, words).guesses) < MIN_GUESSES_LOG10) return messages.passwordTooCommon;
  return undefined;
}
