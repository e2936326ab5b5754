import { describe, expect, it } from 'vitest';
import { textPreview } from '../../src/client/pages/admin/messages/messageViews.ts';
import { mailStateOf, quotedText, replyMailto, replySubject } from '../../src/shared/inbox.ts';
import { actionsOf, isPermissionName, PERMISSION_NAMES } from '../../src/shared/permissions.ts';

const message = {
  email: 'juergen+verein@besucher.example',
  subject: 'Preise & Termine? #2026',
  text: 'Hallo,\r\n\r\nwas kostet 100% Spaß?\nGrüße & Dank',
  prename: 'Jürgen',
  lastname: 'Größer',
  sentAt: '27.11.2026 10:15',
};

describe('the answer by mail (mailto:)', () => {
  it('addresses the visitor with Re: and the text quoted line by line', () => {
    const link = replyMailto(message);
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('juergen+verein@besucher.example');
    // Each field survives as one parameter: '&', '?', '#' and '%' in them end nothing.
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
    expect(url.hash).toBe('');
    expect(link).toContain('?subject=Re%3A%20Preise%20%26%20Termine%3F%20%232026&body=');
    expect(decodeURIComponent(link.slice(link.indexOf('&body=') + '&body='.length))).toBe(
      '\r\n\r\nAm 27.11.2026 10:15 schrieb Jürgen Größer:\r\n> Hallo,\r\n>\r\n> was kostet 100% Spaß?\r\n> Grüße & Dank\r\n',
    );
    // No raw line break, space or '+' (which some programs read as a space) is left in the address.
    expect(link).not.toMatch(/[\s+]/);
  });

  it('writes Re: once and quotes every kind of line break alike', () => {
    expect(replySubject('Frage')).toBe('Re: Frage');
    expect(replySubject('RE: Frage')).toBe('RE: Frage');
    expect(quotedText({ ...message, text: 'a\rb\nc' })).toContain('> a\n> b\n> c\n');
  });
});

describe('the mail state of a message', () => {
  it('is its outbox row: sent, waiting (pending or held), failed, or unknown once it is gone', () => {
    expect(['sent', 'pending', 'held', 'failed', null].map(mailStateOf)).toEqual(['sent', 'waiting', 'waiting', 'failed', 'unknown']);
  });
});

describe('the table’s preview of a text', () => {
  it('is one line, cut with an ellipsis, never inside an emoji', () => {
    expect(textPreview('Hallo\n\nWelt')).toBe('Hallo Welt');
    expect(textPreview('🎯'.repeat(100), 5)).toBe('🎯🎯🎯🎯…');
  });
});

describe('the permissions of the inbox', () => {
  it('are only messages_view and messages_update', () => {
    expect(actionsOf('messages')).toEqual(['view', 'update']);
    expect(actionsOf('calendar')).toEqual(['create', 'view', 'update', 'delete']);
    expect(PERMISSION_NAMES.filter((name) => name.startsWith('messages_'))).toEqual(['messages_view', 'messages_update']);
    expect(isPermissionName('messages_create')).toBe(false);
  });
});
