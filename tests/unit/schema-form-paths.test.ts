import { describe, expect, it } from 'vitest';
import { schemaMessages, schemaPathMessages, serverPathMessages, valueAt, withoutMessagesAt, withValueAt } from '../../src/client/components/useSchemaForm.ts';
import { UploadError } from '../../src/client/uploadError.ts';
import { DEFAULT_COURSE_FACTS } from '../../src/shared/courseFacts.ts';
import { DEFAULT_HOME_TEXTS } from '../../src/shared/homeTexts.ts';
import { homeTextsInput } from '../../src/shared/schemas/homeTexts.ts';
import { courseFactsInput } from '../../src/shared/schemas/courseFacts.ts';

/**
 * The nested part of the one form mechanism (useSchemaForm): forms whose values hold rows
 * (the panels 'Startseite', 'Über uns: Bildunterschriften', 'Bogenparcours: Fakten und Preise')
 * show each message under the very field of its row, not only per top-level field.
 */

const withCards = (cards: typeof DEFAULT_HOME_TEXTS.cards) => ({ ...DEFAULT_HOME_TEXTS, cards });

describe('messages of a form with nested values', () => {
  it('are given per whole path, so the third card’s title has its own', () => {
    const texts = withCards(DEFAULT_HOME_TEXTS.cards.map((card, index) => (index === 2 ? { ...card, title: '' } : index === 3 ? { ...card, text: ' ' } : card)));
    expect(schemaPathMessages(homeTextsInput, { ...texts, welcome: '' })).toEqual({
      welcome: 'Der Willkommenstext darf nicht leer gelassen werden!',
      'cards.2.title': 'Der Titel der Karte darf nicht leer gelassen werden!',
      'cards.3.text': 'Der Text der Karte darf nicht leer gelassen werden!',
    });
    // A form of top-level fields still gets one message per field: the first under it.
    expect(schemaMessages(homeTextsInput, texts)).toEqual({ cards: 'Der Titel der Karte darf nicht leer gelassen werden!' });
    expect(schemaPathMessages(homeTextsInput, DEFAULT_HOME_TEXTS)).toEqual({});
  });

  it('name a list as a whole where the list itself is wrong (no day ticket left)', () => {
    expect(schemaPathMessages(courseFactsInput, { ...DEFAULT_COURSE_FACTS, dayPrices: [] })).toEqual({ dayPrices: 'Es muss mindestens eine Tageskarte angegeben werden!' });
    expect(schemaPathMessages(courseFactsInput, { ...DEFAULT_COURSE_FACTS, dayPrices: [{ section: '', persons: 'alle', price: '12,345' }] })).toEqual({
      'dayPrices.0.price': 'Der Preis darf höchstens zwei Nachkommastellen haben!',
    });
  });

  it('of the server keep their whole path, first message per path', () => {
    const refusal = new UploadError(422, 'Ungültige Eingabe', { 'captions.1.caption': ['Die Bildunterschrift darf nicht leer gelassen werden!', 'zweite'], greeting: ['Zu lang!'] });
    expect(serverPathMessages(refusal)).toEqual({ 'captions.1.caption': 'Die Bildunterschrift darf nicht leer gelassen werden!', greeting: 'Zu lang!' });
    expect(serverPathMessages(new Error('kein Formularfehler'))).toEqual({});
  });

  it('of the server are dropped at the place typed into and under it, the others stay', () => {
    const messages = { 'cards.2.title': 'a', 'cards.2.text': 'b', 'cards.12.title': 'c', welcome: 'd' };
    expect(withoutMessagesAt(messages, 'cards.2.title')).toEqual({ 'cards.2.text': 'b', 'cards.12.title': 'c', welcome: 'd' });
    // A whole row or list replaced (moved, removed): every message under it is stale; 'cards.12' is not under 'cards.1'.
    expect(withoutMessagesAt(messages, 'cards.1')).toBe(messages);
    expect(withoutMessagesAt(messages, 'cards')).toEqual({ welcome: 'd' });
  });
});

describe('a nested value of a form', () => {
  it('is read and replaced by its whole path, the rest untouched and nothing changed in place', () => {
    const texts = DEFAULT_HOME_TEXTS;
    expect(valueAt(texts, 'cards.3.title')).toBe('3D-Bogenparcours');
    const next = withValueAt(texts, 'cards.3.title', 'Parcours');
    expect(next.cards[3]).toEqual({ ...texts.cards[3], title: 'Parcours' });
    expect(next.cards.slice(0, 3)).toEqual(texts.cards.slice(0, 3));
    expect(next.cards[0]).toBe(texts.cards[0]);
    expect(texts.cards[3]?.title).toBe('3D-Bogenparcours');
    // React sees the change: the list and the row are new objects.
    expect(next.cards).not.toBe(texts.cards);
    expect(Array.isArray(next.cards)).toBe(true);

    const rules = withValueAt({ rules: ['eins', 'zwei'], opening: { earliestOpen: '08:00', latestClose: '19:00' } }, 'rules.1', 'drei');
    expect(rules.rules).toEqual(['eins', 'drei']);
    expect(withValueAt(rules, 'opening.latestClose', '20:00').opening).toEqual({ earliestOpen: '08:00', latestClose: '20:00' });
  });
});
