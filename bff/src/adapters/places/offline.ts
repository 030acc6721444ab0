import { COUNTRY_NAMES, type Place, type PlaceCountry, type PlaceSuggestion, type Places } from './types';
import { provinceOfPostalCode, regionCodesFor, regionName } from './regions';

/**
 * The offline default of the address-search port: the `zipcodes` package's data, which ships with the
 * code (no network, no key). It holds every US ZIP code (city, two-letter state, coordinates) and
 * Canada's forward sortation areas, the first three characters of a postal code ("M5V"), with the area
 * name and province. It has no streets: what the user types before the place ("350 Fifth Avenue,
 * 10118") is kept as the street line.
 */
export function offlinePlaces(): Places {
  return {
    async search(query, limit) {
      return searchIndex(index(), query, limit);
    },
    async details(id) {
      return detailsOf(index(), id);
    },
  };
}

interface Entry {
  /** as the data keys it: a five-digit ZIP, or a Canadian forward sortation area ("M5V") */
  code: string;
  country: PlaceCountry;
  lat: number | null;
  lng: number | null;
  group: Group;
}

/** One city of one state or province, with its postal codes. */
interface Group {
  city: string;
  state: string;
  country: PlaceCountry;
  /** the name folded for matching, with Saint → st, Mount → mt … */
  key: string;
  /** the name folded without those abbreviations, so "Sain" still finds Saint Louis while it is typed */
  plain: string;
  entries: Entry[];
}

interface Index {
  byCode: Map<string, Entry>;
  /** every code, sorted: a prefix is a contiguous run */
  codes: string[];
  groups: Group[];
}

let built: Index | undefined;

/** Built on the first search, once per process (about 44 000 codes; a few hundred milliseconds). */
function index(): Index {
  if (!built) built = buildIndex();
  return built;
}

interface ZipRecord {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: string;
}

function buildIndex(): Index {
  // Required here, not at the top: its 5 MB of data is loaded only when someone searches.
  const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> };
  const byCode = new Map<string, Entry>();
  const groups = new Map<string, Group>();

  for (const record of Object.values(codes)) {
    const country: PlaceCountry | undefined =
      record.country === 'US' ? 'US' : record.country === 'Canada' ? 'CA' : undefined;
    if (!country) continue;
    const city = country === 'US' ? usCity(record.city) : canadianCity(record.zip, record.city);
    const state = country === 'US' ? record.state : provinceOfPostalCode(record.zip, record.state);
    if (!city || !state) continue;

    const groupKey = `${country}|${state}|${city}`;
    let group = groups.get(groupKey);
    if (!group) {
      group = { city, state, country, key: fold(city, true), plain: fold(city, false), entries: [] };
      groups.set(groupKey, group);
    }
    // military (APO/FPO) codes carry 0,0 and some Canadian areas nothing: no coordinates rather than wrong ones
    const located =
      typeof record.latitude === 'number' &&
      typeof record.longitude === 'number' &&
      !(record.latitude === 0 && record.longitude === 0);
    const entry: Entry = {
      code: record.zip.toUpperCase(),
      country,
      lat: located ? record.latitude : null,
      lng: located ? record.longitude : null,
      group,
    };
    group.entries.push(entry);
    byCode.set(entry.code, entry);
  }
  for (const group of groups.values()) group.entries.sort((a, b) => compare(a.code, b.code));
  return { byCode, codes: [...byCode.keys()].sort(compare), groups: [...groups.values()] };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * US names come title-cased with a few slips ("Winston-salem", "Mckeesport"). Unique ZIPs of a
 * company ("Shell Oil Box 150", "At&t") are not a city anyone lives in: left out.
 */
function usCity(raw: string): string | null {
  if (/[0-9&/]/.test(raw)) return null;
  return raw
    .trim()
    .replace(/-(\p{Ll})/gu, (_m, c: string) => `-${c.toUpperCase()}`)
    .replace(/\bMc(\p{Ll})/gu, (_m, c: string) => `Mc${c.toUpperCase()}`)
    .replace(/\b([A-Za-z])'(\p{Ll})/gu, (_m, a: string, c: string) => `${a}'${c.toUpperCase()}`);
}

/**
 * Canadian rows name an area, not a city: "Kitchener East", "Downtown Toronto (st. James Town /
 * Cabbagetown)", and for rural areas a region with its main town, "Eastern Alberta (st. Paul)". The
 * data also lost its accents ("Trois-rivi\uFFFDres"). This turns them into the city a letter is addressed
 * to: Kitchener, Toronto, St. Paul, Trois-Rivières.
 */
function canadianCity(fsa: string, raw: string): string | null {
  // codes of one organisation, not of a place people live ("Government Of Canada …", "Business Reply Mail …")
  if (NOT_A_PLACE.test(raw)) return null;
  const text = repairAccents(raw.trim().toLowerCase());
  const match = /^(.*?)\s*\((.*)\)\s*$/.exec(text);
  const area = match ? match[1] : text;
  const town = match ? match[2] : null;
  // a rural area (second character 0) names its main town in brackets; urban ones list neighbourhoods
  let city = fsa.charAt(1) === '0' && town && !town.includes('/') ? town : area;
  city = city.replace(/\s*-\s*/g, '-');
  for (;;) {
    const shorter = city.replace(
      /\s+(north|south|east|west|central|northeast|northwest|southeast|southwest|inner|outer)(\s+and\s+\S+)?$/,
      '',
    );
    if (shorter === city) break;
    city = shorter;
  }
  city = city.replace(/^(downtown|central|east|west|north|south)\s+toronto$/, 'toronto');
  return city ? capitalise(city) : null;
}

const NOT_A_PLACE = /\d|\b(government|business reply|po boxes|processing|offices)\b/i;

/** The accented letters the data lost, by where they stand in French names. */
function repairAccents(text: string): string {
  if (!text.includes('\uFFFD')) return text;
  const words: [RegExp, string][] = [
    [/c\uFFFDte/g, 'côte'],
    [/ch\uFFFDteau/g, 'château'],
    [/fran\uFFFDois/g, 'françois'],
    [/gr\uFFFDce/g, 'grâce'],
    [/j\uFFFDr\uFFFDme/g, 'jérôme'],
    [/(^|[\s'-])\uFFFDle/g, '$1île'],
    [/(^|[\s'-])\uFFFD/g, '$1é'],
    [/\uFFFD(?=(?:re|res|se|ve|que|le|ne)\b)/g, 'è'],
    [/\uFFFD/g, 'é'],
  ];
  return words.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** French particles stay lower case inside a hyphenated name: Saint-Jean-sur-Richelieu, Notre-Dame-de-Grâce. */
const PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'sur', 'sous', 'aux', 'à', 'a', 'en', 'et']);

function capitalise(lower: string): string {
  const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return lower
    .split(' ')
    .map((word) =>
      word
        .split('-')
        .map((part, i) => {
          if (i > 0 && PARTICLES.has(part)) return part;
          const elided = /^([a-z])'(.+)$/.exec(part); // L'Ancienne-Lorette, L'Île-Bizard
          return elided ? `${elided[1].toUpperCase()}'${upperFirst(elided[2])}` : upperFirst(part);
        })
        .join('-'),
    )
    .join(' ');
}

/** Lower case, no accents or punctuation; with `abbreviate`, Saint/Sainte/Mount/Fort as the short forms. */
function fold(text: string, abbreviate: boolean): string {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (!abbreviate) return folded;
  return folded
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bsainte\b/g, 'ste')
    .replace(/\bmount\b/g, 'mt')
    .replace(/\bfort\b/g, 'ft');
}

// ---- search ----

const US_ZIP = /^(\d{5})(?:-(\d{4}))?$/;
const US_ZIP_START = /^\d{2,4}$/;
const CA_CODE = /^([A-Za-z]\d[A-Za-z]) ?(\d[A-Za-z]\d)$/;
const CA_CODE_START = /^([A-Za-z]\d[A-Za-z]?)(?: ?\d[A-Za-z]?)?$/;
const CA_FSA = /^[A-Za-z]\d[A-Za-z]$/;

/** A postal code typed whole (exact) or in part (its start). */
interface Postal {
  /** the code as the data keys it, or its start */
  code: string;
  exact: boolean;
  /** what the address's zip becomes: ZIP+4 and full Canadian codes are kept as typed */
  full?: string;
}

function postalOf(text: string, whole: boolean): Postal | null {
  let m = US_ZIP.exec(text);
  if (m) return { code: m[1], exact: true, full: m[2] ? `${m[1]}-${m[2]}` : m[1] };
  m = CA_CODE.exec(text);
  if (m) return { code: m[1].toUpperCase(), exact: true, full: `${m[1]} ${m[2]}`.toUpperCase() };
  if (CA_FSA.test(text)) return { code: text.toUpperCase(), exact: true };
  if (!whole) return null; // inside a longer query, a short number is a house number, not a ZIP
  if (US_ZIP_START.test(text)) return { code: text, exact: false };
  m = CA_CODE_START.exec(text);
  if (m) return { code: m[1].toUpperCase(), exact: m[1].length === 3 };
  return null;
}

function searchIndex(idx: Index, query: string, limit: number): PlaceSuggestion[] {
  const q = query.trim().replace(/\s+/g, ' ');
  if (q.length < 2 || limit < 1) return [];

  const whole = postalOf(q, true);
  if (whole) return byPostal(idx, whole, null, limit);

  // "350 Fifth Avenue, New York, NY 10118": the code at the end decides; the street is what precedes it
  const tokens = q.split(' ');
  for (const take of [2, 1]) {
    if (tokens.length <= take) continue;
    const postal = postalOf(tokens.slice(-take).join(' '), false);
    if (!postal) continue;
    const entry = idx.byCode.get(postal.code);
    if (!entry) return [];
    return [suggestion(entry, postal.full, streetBefore(tokens.slice(0, -take).join(' '), entry.group))];
  }

  for (const reading of cityReadings(q)) {
    const found = byCity(idx, reading, limit);
    if (found.length > 0) return found;
  }
  return [];
}

/** The ways a query without a postal code can name a city, most specific first. */
function cityReadings(q: string): { city: string; states: Set<string> | null; street: string | null }[] {
  const segments = q
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const readings: { city: string; states: Set<string> | null; street: string | null }[] = [];
  if (segments.length >= 2) {
    const last = segments[segments.length - 1];
    const states = regionCodesFor(last, 'prefix');
    // "Beverly Hills, CA" or "350 Fifth Ave, New York, NY"
    if (states.size > 0) {
      readings.push({
        city: segments[segments.length - 2],
        states,
        street: segments.slice(0, -2).join(', ') || null,
      });
    }
    // "350 Fifth Ave, New Yo"
    readings.push({ city: last, states: null, street: segments.slice(0, -1).join(', ') });
    return readings;
  }
  readings.push({ city: q, states: null, street: null });
  // "Beverly Hills CA", "Springfield New York"
  const words = q.split(' ');
  for (let take = Math.min(3, words.length - 1); take >= 1; take -= 1) {
    const states = regionCodesFor(words.slice(-take).join(' '), 'exact');
    if (states.size > 0) readings.push({ city: words.slice(0, -take).join(' '), states, street: null });
  }
  return readings;
}

function byPostal(idx: Index, postal: Postal, street: string | null, limit: number): PlaceSuggestion[] {
  if (postal.exact) {
    const entry = idx.byCode.get(postal.code);
    return entry ? [suggestion(entry, postal.full, street)] : [];
  }
  const found: PlaceSuggestion[] = [];
  for (let i = lowerBound(idx.codes, postal.code); i < idx.codes.length && found.length < limit; i += 1) {
    const code = idx.codes[i];
    if (!code.startsWith(postal.code)) break;
    found.push(suggestion(idx.byCode.get(code)!, undefined, street));
  }
  return found;
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Cities whose name starts with the text, then those with a later word starting with it ("Vancouver"
 * → North Vancouver); larger places (more postal codes) first. The codes are dealt round-robin, so ten
 * suggestions show ten places before a second code of the same one.
 */
function byCity(
  idx: Index,
  reading: { city: string; states: Set<string> | null; street: string | null },
  limit: number,
): PlaceSuggestion[] {
  const key = fold(reading.city, true);
  const plain = fold(reading.city, false);
  if (!key) return [];
  const matches: { group: Group; tier: number }[] = [];
  for (const group of idx.groups) {
    if (reading.states && !reading.states.has(group.state)) continue;
    if (group.key.startsWith(key) || group.plain.startsWith(plain)) matches.push({ group, tier: 0 });
    else if (` ${group.key}`.includes(` ${key}`) || ` ${group.plain}`.includes(` ${plain}`))
      matches.push({ group, tier: 1 });
  }
  matches.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.group.entries.length - a.group.entries.length ||
      compare(a.group.key, b.group.key) ||
      compare(a.group.state, b.group.state),
  );

  const dealt: Entry[][] = matches.map(() => []);
  let count = 0;
  for (let round = 0; count < limit; round += 1) {
    let dealtAny = false;
    for (let g = 0; g < matches.length && count < limit; g += 1) {
      const entry = matches[g].group.entries[round];
      if (!entry) continue;
      dealt[g].push(entry);
      count += 1;
      dealtAny = true;
    }
    if (!dealtAny) break;
  }
  // shown place by place, so the codes of one city sit together
  return dealt.flat().map((entry) => suggestion(entry, undefined, reading.street));
}

/** What is left of the text before a postal code once the code's own city and state are taken off. */
function streetBefore(text: string, group: Group): string | null {
  let rest = text.replace(/[\s,]+$/, '');
  const region = regionName(group.country, group.state) ?? '';
  for (const tail of [group.state, region, group.city]) {
    if (!tail) continue;
    const lower = rest.toLowerCase();
    const t = tail.toLowerCase();
    if (lower === t) rest = '';
    else if (lower.endsWith(` ${t}`) || lower.endsWith(`,${t}`)) rest = rest.slice(0, -t.length);
    rest = rest.replace(/[\s,]+$/, '');
  }
  return rest || null;
}

function suggestion(entry: Entry, full: string | undefined, street: string | null): PlaceSuggestion {
  const place = toPlace(entry, full, street);
  return { id: place.id, label: place.label, street, place };
}

function toPlace(entry: Entry, full: string | undefined, street: string | null): Place {
  const { city, state, country } = entry.group;
  const zip = full ?? entry.code;
  const id = `${country}-${zip.replace(' ', '')}`;
  const label = `${street ? `${street}, ` : ''}${city}, ${state} ${zip}, ${COUNTRY_NAMES[country]}`;
  return { id, label, street, city, state, zip, country, lat: entry.lat, lng: entry.lng };
}

/** US-90210, US-90210-1234, CA-M5V, CA-M5V3L9: the ids `toPlace` makes. */
function detailsOf(idx: Index, id: string): Place | null {
  const us = /^US-(\d{5})(?:-(\d{4}))?$/.exec(id);
  if (us) {
    const entry = idx.byCode.get(us[1]);
    return entry?.country === 'US' ? toPlace(entry, us[2] ? `${us[1]}-${us[2]}` : us[1], null) : null;
  }
  const ca = /^CA-([A-Z]\d[A-Z])(\d[A-Z]\d)?$/.exec(id);
  if (ca) {
    const entry = idx.byCode.get(ca[1]);
    return entry?.country === 'CA' ? toPlace(entry, ca[2] ? `${ca[1]} ${ca[2]}` : ca[1], null) : null;
  }
  return null;
}
