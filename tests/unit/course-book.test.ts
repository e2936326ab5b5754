import { describe, expect, it } from 'vitest';
import { categoriesText, courseBookCategories, retentionText } from '../../src/shared/courseBook.ts';
import { DEFAULT_COURSE_FACTS } from '../../src/shared/courseFacts.ts';
import { checkInInputOfForm, problemAddress } from '../../src/server/areas/coursebook/form-post.ts';
import { monthsBefore } from '../../src/server/areas/coursebook/retention.ts';
import { COURSE_BOOK_MESSAGES } from '../../src/shared/schemas/courseBook.ts';

describe('the course book’s words and rules', () => {
  it('names the categories of the day-ticket table as visitors know them, prices in cents, children and youths marked', () => {
    expect(courseBookCategories(DEFAULT_COURSE_FACTS.dayPrices)).toEqual([
      { index: 0, label: 'Erwachsene', priceCents: 1200, young: false },
      { index: 1, label: 'Jugendliche (13–17 Jahre)', priceCents: 800, young: true },
      { index: 2, label: 'Kinder (unter 13 Jahren)', priceCents: 500, young: true },
      { index: 3, label: 'Blasrohr', priceCents: 800, young: false },
    ]);
    // Two sections with the same persons: the section tells them apart.
    expect(courseBookCategories([{ section: 'Bogen', persons: 'Erwachsene', price: 12 }, { section: 'Blasrohr', persons: 'Erwachsene', price: 8 }]).map((category) => category.label)).toEqual([
      'Bogen: Erwachsene',
      'Blasrohr: Erwachsene',
    ]);
    expect(categoriesText(['Erwachsene', 'Kinder (unter 13 Jahren)', 'Erwachsene'])).toBe('2 × Erwachsene, 1 × Kinder (unter 13 Jahren)');
  });

  it('says the period after „nach“ in the dative', () => {
    expect([1, 6, 12, 24].map(retentionText)).toEqual(['einem Monat', '6 Monaten', 'einem Jahr', 'zwei Jahren']);
  });

  it('counts the period back in calendar months, the 31st going to a short month’s last day', () => {
    expect(monthsBefore(new Date('2027-11-28T09:00:00Z'), 12)).toBe('2026-11-28');
    expect(monthsBefore(new Date('2027-03-31T09:00:00Z'), 1)).toBe('2027-02-28');
  });

  it('reads the plain form: rows without a name are empty rows, the checkboxes say „ja“', () => {
    expect(checkInInputOfForm('name1=Anna&kategorie1=0&nummer1=&name2=&kategorie2=1&name3=Ben&kategorie3=2&telefon=0171&regeln=ja&zahlung=transfer&homepage=')).toEqual({
      shooters: [
        { name: 'Anna', category: '0', memberNumber: '' },
        { name: 'Ben', category: '2', memberNumber: '' },
      ],
      phone: '0171',
      payment: 'transfer',
      rulesAccepted: true,
      childrenConfirmed: false,
      homepage: '',
    });
  });

  it('sends each refusal back to the form under one of a few addresses', () => {
    expect(problemAddress(COURSE_BOOK_MESSAGES.closed('Sturm'))).toBe('/parcoursbuch?fehler=geschlossen');
    expect(problemAddress(COURSE_BOOK_MESSAGES.afterClosing('15:15'))).toBe('/parcoursbuch?fehler=geschlossen');
    expect(problemAddress(COURSE_BOOK_MESSAGES.beforeOpening('09:00'))).toBe('/parcoursbuch?fehler=geschlossen');
    expect(problemAddress(COURSE_BOOK_MESSAGES.notMember('12345678'))).toBe('/parcoursbuch?fehler=mitglied');
    expect(problemAddress(COURSE_BOOK_MESSAGES.noPass('12345678', 2026))).toBe('/parcoursbuch?fehler=jahreskarte');
    expect(problemAddress(COURSE_BOOK_MESSAGES.tooMany)).toBe('/parcoursbuch?fehler=limit');
    expect(problemAddress('Der Name darf nicht leer gelassen werden!')).toBe('/parcoursbuch?fehler=eingaben');
  });
});
