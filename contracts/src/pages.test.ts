import { readPageDeclarations } from './pages';

describe('reading the pages a remote declares', () => {
  it('keeps a well-formed declaration as it is, with no problem', () => {
    const declared = {
      search: { paths: ['/search', '/search/:categoryId', '/search/:categoryId/:keyword?'] },
      myLikes: {
        paths: ['/my-likes'],
        needsLogin: true,
        menu: { label: 'My Likes', tabBar: 50, signedInMenu: 70 },
      },
      docs: { paths: ['/docs/*'] },
    };
    expect(readPageDeclarations(declared)).toEqual({ pages: declared, problems: [] });
  });

  it('leaves out a page without usable paths and says why, keeping the others', () => {
    const { pages, problems } = readPageDeclarations({
      good: { paths: ['/good'] },
      noPaths: { needsLogin: true },
      emptyPaths: { paths: [] },
      relative: { paths: ['my-likes'] },
      withQuery: { paths: ['/search#top'] },
      notAnObject: 'yes',
      badLogin: { paths: ['/x'], needsLogin: 'yes' },
    });
    expect(Object.keys(pages)).toEqual(['good']);
    expect(problems).toEqual([
      'noPaths: "paths" must be a non-empty list of path patterns starting with /',
      'emptyPaths: "paths" must be a non-empty list of path patterns starting with /',
      'relative: "paths" must be a non-empty list of path patterns starting with /',
      'withQuery: "paths" must be a non-empty list of path patterns starting with /',
      'notAnObject: not an object',
      'badLogin: "needsLogin" must be true or false',
    ]);
  });

  it('keeps a page whose menu entry is wrong, without the entry or its wrong places', () => {
    const { pages, problems } = readPageDeclarations({
      noLabel: { paths: ['/a'], menu: { tabBar: 1 } },
      paramFirst: { paths: ['/b/:id'], menu: { label: 'B', tabBar: 2 } },
      places: { paths: ['/c'], menu: { label: 'C', tabBar: 'first', footer: 3, signedInMenu: 4 } },
    });
    expect(pages).toEqual({
      noLabel: { paths: ['/a'] },
      paramFirst: { paths: ['/b/:id'] },
      places: { paths: ['/c'], menu: { label: 'C', signedInMenu: 4 } },
    });
    expect(problems).toEqual([
      'noLabel: "menu" needs a label',
      'paramFirst: a menu links to the first path, which must be a plain path (no parameter)',
      'places: the place in tabBar must be a number',
      'places: unknown menu "footer"',
    ]);
  });

  it('reports fields it does not know and keeps the page', () => {
    expect(readPageDeclarations({ a: { paths: ['/a'], icon: 'star' } })).toEqual({
      pages: { a: { paths: ['/a'] } },
      problems: ['a: unknown field "icon"'],
    });
  });

  it('reads anything else as no pages, never throwing', () => {
    for (const raw of [undefined, null, 'pages', 42, [], [{ paths: ['/a'] }]]) {
      expect(readPageDeclarations(raw)).toEqual({
        pages: {},
        problems: ['the declaration must be an object of pages'],
      });
    }
  });

  it('does not let a page named __proto__ change what a declaration is', () => {
    const { pages } = readPageDeclarations(JSON.parse('{"__proto__": {"paths": ["/x"]}}'));
    expect(Object.getPrototypeOf(pages)).toBe(Object.prototype);
    expect(Object.keys(pages)).toEqual(['__proto__']);
  });
});
