import { addressRules, checkField } from '@swapstuff/contracts';
import { offlinePlaces } from './offline';
import type { PlaceSuggestion } from './types';

const places = offlinePlaces();
const search = (q: string, limit = 10) => places.search(q, limit);
const labels = (found: PlaceSuggestion[]) => found.map((s) => s.label);

describe('offline places: postal codes', () => {
  it('a ZIP prefix lists the ZIPs it starts, in order', async () => {
    const found = await search('9021');
    expect(labels(found)).toEqual([
      'Beverly Hills, CA 90210, United States',
      'Beverly Hills, CA 90211, United States',
      'Beverly Hills, CA 90212, United States',
      'Beverly Hills, CA 90213, United States',
    ]);
  });

  it('a whole ZIP is that place, with everything the form fills', async () => {
    const [only, ...rest] = await search('90210');
    expect(rest).toEqual([]);
    expect(only).toEqual({
      id: 'US-90210',
      label: 'Beverly Hills, CA 90210, United States',
      street: null,
      place: {
        id: 'US-90210',
        label: 'Beverly Hills, CA 90210, United States',
        street: null,
        city: 'Beverly Hills',
        state: 'CA',
        zip: '90210',
        country: 'US',
        lat: expect.closeTo(34.09, 1),
        lng: expect.closeTo(-118.41, 1),
      },
    });
  });

  it('keeps a ZIP+4 and a full Canadian postal code as typed', async () => {
    expect((await search('90210-1234'))[0].place).toMatchObject({ zip: '90210-1234', city: 'Beverly Hills' });
    const [toronto] = await search('m5v 3l9');
    expect(toronto.label).toBe('Toronto, ON M5V 3L9, Canada');
    expect(toronto.place).toMatchObject({ city: 'Toronto', state: 'ON', zip: 'M5V 3L9', country: 'CA' });
  });

  it('a Canadian postal prefix lists its areas', async () => {
    const found = await search('M5');
    expect(found).toHaveLength(10);
    expect(found.every((s) => s.place?.zip.startsWith('M5') && s.place.country === 'CA')).toBe(true);
    expect(found[0].label).toBe('Toronto, ON M5A, Canada');
  });

  it('a code that does not exist finds nothing', async () => {
    expect(await search('00000')).toEqual([]);
    expect(await search('Z9Z 9Z9')).toEqual([]);
  });
});

describe('offline places: cities', () => {
  it('a city prefix finds the city, larger places first', async () => {
    const found = await search('Beverly');
    expect(found[0].label).toBe('Beverly Hills, CA 90209, United States');
    expect(found.every((s) => s.place?.city.startsWith('Beverly'))).toBe(true);
    // ten places before a second ZIP of the same one
    expect(new Set(found.map((s) => `${s.place?.city}, ${s.place?.state}`)).size).toBe(found.length);
  });

  it('"city, ST" and "city ST" narrow to that state and list its ZIPs', async () => {
    for (const q of ['Beverly Hills, CA', 'beverly hills ca', 'Beverly Hills, Calif', 'Beverly Hills, California']) {
      const found = await search(q);
      expect(found.map((s) => s.place?.zip)).toEqual(['90209', '90210', '90211', '90212', '90213']);
      expect(found.every((s) => s.place?.city === 'Beverly Hills' && s.place.state === 'CA')).toBe(true);
    }
  });

  it('stops at the limit', async () => {
    expect(await search('Springfield', 3)).toHaveLength(3);
    expect(await search('Springfield')).toHaveLength(10);
  });

  it('finds Canadian cities by the name a letter is addressed to, accents and all', async () => {
    const [first] = await search('Toronto');
    expect(first.place).toMatchObject({ city: 'Toronto', state: 'ON', country: 'CA' });
    expect((await search('trois rivieres'))[0].place).toMatchObject({ city: 'Trois-Rivières', state: 'QC' });
    expect((await search('Saint-Jean'))[0].label).toMatch(/^Saint-Jean-sur-Richelieu, QC J\d[A-Z], Canada$/);
  });

  it('reads Saint, St. and St alike', async () => {
    for (const q of ['St. Louis, MO', 'St Louis, MO', 'Saint Louis, MO']) {
      expect((await search(q))[0].place).toMatchObject({ city: 'Saint Louis', state: 'MO', zip: '63101' });
    }
  });
});

describe('offline places: the street line', () => {
  it('keeps what precedes a ZIP as the street', async () => {
    for (const q of [
      '350 Fifth Avenue, New York, NY 10118',
      '350 Fifth Avenue, New York 10118',
      '350 Fifth Avenue 10118',
    ]) {
      const found = await search(q);
      expect(labels(found)).toEqual(['350 Fifth Avenue, New York, NY 10118, United States']);
      expect(found[0].street).toBe('350 Fifth Avenue');
      expect(found[0].place).toMatchObject({ street: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' });
    }
  });

  it('keeps what precedes "city" or "city, ST" as the street', async () => {
    const found = await search('350 Fifth Ave, New York, NY');
    expect(found[0].label).toBe('350 Fifth Ave, New York, NY 10001, United States');
    expect((await search('350 Fifth Ave, new yo'))[0].place).toMatchObject({
      street: '350 Fifth Ave',
      city: 'New York',
      state: 'NY',
    });
  });

  it('a street alone is no place: nothing to suggest yet', async () => {
    expect(await search('350 Fifth Avenue')).toEqual([]);
  });
});

describe('offline places: what the address form accepts', () => {
  it('only US and Canadian places, each passing the address rules', async () => {
    const queries = ['New', 'San', 'Saint', 'Fort', 'Mc', 'Lake', 'Que', 'Mont', 'Van', 'A0', 'H2', 'X0', '96', '00'];
    for (const q of queries) {
      const found = await search(q);
      expect(found.length).toBeGreaterThan(0);
      for (const { place } of found) {
        expect(['US', 'CA']).toContain(place?.country);
        for (const field of ['city', 'state', 'zip'] as const) {
          expect([q, field, place?.[field], checkField(addressRules[field], place?.[field])]).toEqual([
            q,
            field,
            place?.[field],
            null,
          ]);
        }
        expect(place?.state).toMatch(/^[A-Z]{2}$/);
      }
    }
  });
});

describe('offline places: details', () => {
  it('answers the place of a suggestion id again (without the typed street)', async () => {
    const [suggestion] = await search('350 Fifth Avenue 10118');
    expect(await places.details(suggestion.id)).toEqual({
      ...suggestion.place,
      street: null,
      label: 'New York, NY 10118, United States',
    });
    expect(await places.details('CA-M5V3L9')).toMatchObject({ city: 'Toronto', zip: 'M5V 3L9', state: 'ON' });
    expect(await places.details('US-90210-1234')).toMatchObject({ zip: '90210-1234' });
  });

  it('null for ids it did not make', async () => {
    for (const id of ['US-00000', 'CA-Z9Z', 'US-M5V', 'CA-90210', 'ChIJN1t_tDeuEmsRUsoyG83frY4', '', 'US-902101']) {
      expect(await places.details(id)).toBeNull();
    }
  });
});
