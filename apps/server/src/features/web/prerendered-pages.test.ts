import { describe, expect, it } from 'vitest';
import { prerenderedPages } from './prerendered-pages.ts';

const manifest = {
  languages: ['ht', 'pt-BR', 'fr', 'en'],
  routes: ['/', '/login', '/home', '/company/:id', '/admin/*', '*'],
  pages: { '/': 'landing', '/login': 'login', '/home': 'home', '*': 'not-found' },
};
const everyFile = () => true;

describe('prerendered pages', () => {
  it("sends a page in the cookie's language, and Creole without one or with an unknown one", () => {
    const pages = prerenderedPages(manifest, everyFile);
    expect(pages.pageFor('/login', 'fr')).toEqual({
      file: 'pages/fr/login.html',
      isNotFound: false,
      scriptsAfterPaint: false,
    });
    expect(pages.pageFor('/login/', 'pt-BR')?.file).toBe('pages/pt-BR/login.html');
    expect(pages.pageFor('/', undefined)?.file).toBe('pages/ht/landing.html');
    expect(pages.pageFor('/', 'de')?.file).toBe('pages/ht/landing.html');
    expect(pages.pageFor('/', '../../etc')?.file).toBe('pages/ht/landing.html');
  });

  it('leaves the routes it did not draw to the plain shell, the back office included', () => {
    const pages = prerenderedPages(manifest, everyFile);
    expect(pages.pageFor('/company/12', 'ht')).toBeUndefined();
    expect(pages.pageFor('/admin', 'ht')).toBeUndefined();
    expect(pages.pageFor('/admin/users/3', 'ht')).toBeUndefined();
  });

  it('sends the not-found page for what no route draws', () => {
    const pages = prerenderedPages(manifest, everyFile);
    expect(pages.pageFor('/no/such/page', 'en')).toEqual({
      file: 'pages/en/not-found.html',
      isNotFound: true,
      scriptsAfterPaint: false,
    });
    expect(pages.pageFor('/company/12/more', 'ht')?.isNotFound).toBe(true);
  });

  it('says which pages load their scripts once drawn', () => {
    const pages = prerenderedPages({ ...manifest, afterPaint: ['/', '/login', '*'] }, everyFile);
    expect(pages.pageFor('/login', 'ht')?.scriptsAfterPaint).toBe(true);
    expect(pages.pageFor('/nowhere', 'ht')?.scriptsAfterPaint).toBe(true);
    expect(pages.pageFor('/home', 'ht')?.scriptsAfterPaint).toBe(false);
    expect(prerenderedPages({ ...manifest, afterPaint: '/' }, everyFile).pageFor('/')).toBeUndefined();
  });

  it("names the hash of the pages' stylesheet, and takes nothing else for it", () => {
    const styleHash = "'sha256-/qDCxqTgJfx1wCn/giv4889EKVqgnJ227L6Px09Z7F8='";
    expect(prerenderedPages({ ...manifest, styleHash }, everyFile).styleHash).toBe(styleHash);
    expect(prerenderedPages(manifest, everyFile).styleHash).toBeUndefined();
    for (const hostile of ["'unsafe-inline'", `${styleHash}; script-src *`]) {
      expect(prerenderedPages({ ...manifest, styleHash: hostile }, everyFile).pageFor('/')).toBeUndefined();
    }
  });

  it('sends nothing for a missing page file or a malformed list', () => {
    expect(
      prerenderedPages(manifest, (file) => !file.includes('/fr/')).pageFor('/login', 'fr'),
    ).toBeUndefined();
    expect(prerenderedPages(undefined, everyFile).pageFor('/')).toBeUndefined();
    for (const broken of [
      { ...manifest, languages: [] },
      { ...manifest, languages: ['../x'] },
      { ...manifest, pages: { '/': '../../secret' } },
      { ...manifest, routes: 'everything' },
    ]) {
      expect(prerenderedPages(broken, everyFile).pageFor('/', 'ht')).toBeUndefined();
    }
  });
});
