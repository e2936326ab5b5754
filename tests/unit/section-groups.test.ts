import { describe, expect, it } from 'vitest';
import { appointmentsLoader } from '../../src/client/routes.tsx';
import { publicCalendarInput } from '../../src/shared/schemas/sections.ts';
import { isSectionSlug, SECTION_GROUP_NAMES, sectionFeedPath, sectionPagePath, sectionSlug } from '../../src/shared/sectionGroups.ts';

describe('the address of a section', () => {
  it('is the slug of its name: the seeded sections are those of the galleries', () => {
    expect(SECTION_GROUP_NAMES.map(sectionSlug)).toEqual(['lg-lp', 'bogen', 'blasrohr']);
    expect(sectionPagePath('lg-lp')).toBe('/termine?sparte=lg-lp');
    expect(sectionFeedPath('bogen')).toBe('/api/public/calendar/bogen.ics');
  });

  it.each([
    ['Übungsgruppe Großkaliber', 'uebungsgruppe-grosskaliber'],
    ['  Bogen – 3D  ', 'bogen-3d'],
    ['Café Crème', 'cafe-creme'],
    ['LG / LP (Jugend)', 'lg-lp-jugend'],
    ['!!!', ''],
    ['🎯', ''],
  ])('%j is %j', (name, slug) => {
    expect(sectionSlug(name)).toBe(slug);
  });

  it('has at most 80 characters and never ends with a hyphen', () => {
    const slug = sectionSlug(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(sectionSlug('ä'.repeat(200))).toHaveLength(80);
  });

  it('only the canonical spelling is a slug; the inputs take no other', () => {
    expect(isSectionSlug('bogen')).toBe(true);
    for (const value of ['Bogen', 'lg/lp', 'lg--lp', '-bogen', '', 'x'.repeat(81)]) {
      expect(isSectionSlug(value), value).toBe(false);
      expect(publicCalendarInput.safeParse({ section: value }).success, value).toBe(false);
    }
    expect(publicCalendarInput.safeParse(undefined).success).toBe(true);
    expect(publicCalendarInput.safeParse({ section: 'lg-lp' }).success).toBe(true);
    // Nothing rides along.
    // No section, however spelled, is the whole list: `{}` reads as no input (one kept answer).
    expect(publicCalendarInput.parse({})).toBeUndefined();
    expect(publicCalendarInput.safeParse({ section: 'lg-lp', utm: 1 }).success).toBe(false);
  });
});

describe("/termine's loader", () => {
  const load = (search: string) => {
    try {
      return appointmentsLoader({ request: new Request(`https://verein.example/termine${search}`), params: {}, context: undefined } as never);
    } catch (thrown) {
      const response = thrown as Response;
      return { status: response.status, location: response.headers.get('Location') };
    }
  };

  it('lets the canonical address and the unknown pass, and sends every other spelling to the slug (301)', () => {
    expect(load('')).toBeNull();
    expect(load('?sparte=bogen')).toBeNull();
    // Not a section's spelling at all: the page says it is not found.
    expect(load('?sparte=%21%21')).toBeNull();
    expect(load('?sparte=Bogen')).toEqual({ status: 301, location: '/termine?sparte=bogen' });
    expect(load('?sparte=LG%2FLP')).toEqual({ status: 301, location: '/termine?sparte=lg-lp' });
    expect(load('?sparte=bogen&sparte=blasrohr')).toEqual({ status: 301, location: '/termine?sparte=bogen' });
    expect(load('?sparte=')).toEqual({ status: 301, location: '/termine' });
  });
});
