import { queryTerms, searchRowsOf, suggestionTerms, wordsOf } from './search';

describe('how search cuts words', () => {
  it('keeps letters and digits of two or more, lower case, without stopwords, plurals folded', () => {
    expect(wordsOf('The RED bikes, 4K TV & a glass of ﬁne wine')).toEqual([
      'red',
      'bike',
      '4k',
      'tv',
      'glass',
      'fine',
      'wine',
    ]);
    expect(wordsOf('Leather-jacket (size M)')).toEqual(['leather', 'jacket', 'size']);
    expect(wordsOf('Café crème')).toEqual(['café', 'crème']);
  });

  it('reads a keyword as its distinct words, at most eight', () => {
    expect(queryTerms('bike BIKES bike')).toEqual(['bike']);
    expect(queryTerms('the of and')).toEqual([]);
    expect(queryTerms('one two three four five six seven eight nine')).toHaveLength(8);
  });

  it('reads what is being typed as finished words and a prefix', () => {
    expect(suggestionTerms('red bi')).toEqual({ words: ['red'], prefix: 'bi' });
    expect(suggestionTerms('red bike ')).toEqual({ words: ['red', 'bike'], prefix: null });
    expect(suggestionTerms('bikes')).toEqual({ words: [], prefix: 'bikes' });
    expect(suggestionTerms('b')).toEqual({ words: [], prefix: null });
  });

  it('indexes each word of a listing once, marked when it is in the title', () => {
    const rows = searchRowsOf({
      id: 7,
      title: 'Red road bike',
      description: 'A red frame, bike lights and a bell',
      swap_product: null,
      category_id: 12,
      top_category_id: 1,
      is_buyable: 1,
      price_cents: 25000,
    });
    expect(rows.map((r) => [r.term, r.in_title])).toEqual([
      ['red', true],
      ['road', true],
      ['bike', true],
      ['frame', false],
      ['light', false],
      ['bell', false],
    ]);
    expect(rows[0]).toMatchObject({
      product_id: 7,
      category_id: 12,
      top_category_id: 1,
      is_buyable: true,
      price_cents: 25000,
    });
  });

  it('indexes what the owner would swap the listing for, as its description', () => {
    const rows = searchRowsOf({
      id: 8,
      title: 'Road bike',
      description: 'Light frame',
      swap_product: 'A camera or a road helmet',
      category_id: 12,
      top_category_id: 1,
      is_buyable: 0,
      price_cents: 25000,
    });
    expect(rows.map((r) => [r.term, r.in_title])).toEqual([
      ['road', true],
      ['bike', true],
      ['light', false],
      ['frame', false],
      ['camera', false],
      ['helmet', false],
    ]);
  });
});
