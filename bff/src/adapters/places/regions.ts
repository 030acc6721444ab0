import type { PlaceCountry } from './types';

/**
 * State, territory and province names → the two-letter postal codes, for queries such as
 * "Springfield, Illinois". (The zipcodes package has a table too, with typos: "Northewest Territories".)
 */
const REGIONS: Record<PlaceCountry, Record<string, string>> = {
  US: {
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
    AS: 'American Samoa',
    GU: 'Guam',
    MP: 'Northern Mariana Islands',
    PR: 'Puerto Rico',
    VI: 'Virgin Islands',
    FM: 'Micronesia',
    MH: 'Marshall Islands',
    PW: 'Palau',
    AA: 'Armed Forces Americas',
    AE: 'Armed Forces Europe',
    AP: 'Armed Forces Pacific',
  },
  CA: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  },
};

/** "CA" → California; for the label of a region and for matching typed names. */
export function regionName(country: PlaceCountry, code: string): string | undefined {
  return REGIONS[country][code];
}

/**
 * The region codes a typed state could mean. Exactly: a code ("ca", "on") or a whole name ("new york").
 * As a prefix (the user is still typing): the start of a code ("c") or of a name ("calif").
 * Empty when the text is no region at all, so "Beverly Hills, CA" and "350 Fifth Ave, Boston" can be
 * told apart.
 */
export function regionCodesFor(text: string, how: 'exact' | 'prefix'): Set<string> {
  const typed = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const codes = new Set<string>();
  if (typed === '') return codes;
  for (const country of Object.keys(REGIONS) as PlaceCountry[]) {
    for (const [code, region] of Object.entries(REGIONS[country])) {
      const c = code.toLowerCase();
      const name = region.toLowerCase();
      const matches =
        how === 'exact'
          ? c === typed || name === typed
          : (typed.length <= 2 && c.startsWith(typed)) || (typed.length >= 3 && name.startsWith(typed));
      if (matches) codes.add(code);
    }
  }
  return codes;
}

/**
 * The province of a Canadian postal code is its first letter (Canada Post's forward sortation areas);
 * X is shared by the Northwest Territories and Nunavut, which the data names.
 */
export function provinceOfPostalCode(fsa: string, named: string): string | undefined {
  const first = fsa.charAt(0).toUpperCase();
  if (first === 'X') return /nunavut/i.test(named) ? 'NU' : 'NT';
  const byLetter: Record<string, string> = {
    A: 'NL',
    B: 'NS',
    C: 'PE',
    E: 'NB',
    G: 'QC',
    H: 'QC',
    J: 'QC',
    K: 'ON',
    L: 'ON',
    M: 'ON',
    N: 'ON',
    P: 'ON',
    R: 'MB',
    S: 'SK',
    T: 'AB',
    V: 'BC',
    Y: 'YT',
  };
  return byLetter[first];
}
