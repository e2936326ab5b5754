import { describe, expect, it } from 'vitest';
import { appointmentName, counted, infoTextName, logDate, memberName, noticeName, rosterPerson, sectionName } from '../../src/shared/logNames.ts';

describe('how the log names things', () => {
  it('names appointments, members, sections, notices and info texts as the screens do', () => {
    expect(appointmentName('Training', '2026-12-01 18:30:00')).toBe('„Training“ am 01.12.2026 18:30');
    expect(memberName({ prename: 'Max', lastname: 'Mustermann', uid: '00000042' })).toBe('Max Mustermann (00000042)');
    expect(sectionName('gun')).toBe('LG/LP');
    expect(noticeName('archparcours')).toBe('Hinweis „Bogenparcours“');
    expect(infoTextName('archparcours_tourneys')).toBe('Infotext „Turniere“');
    expect(logDate('2027-01-01')).toBe('01.01.2027');
    expect([counted(1, 'Bild', 'Bilder'), counted(3, 'Bild', 'Bilder')]).toEqual(['1 Bild', '3 Bilder']);
  });

  it('names a roster person by the special value’s label, the member, or – once deleted – the id', () => {
    const members = new Map([[7, { prename: 'Lara', lastname: 'Log', uid: '44445555' }]]);
    expect([-1, -2, -3, -4, -5].map((value) => rosterPerson(value, members))).toEqual(['Migliederteam', 'ungeklärt', 'entfällt - siehe Kalender', 'keine*r', 'abgesagt']);
    expect(rosterPerson(7, members)).toBe('Lara Log (44445555)');
    expect(rosterPerson(8, members)).toBe('Mitglied 8');
  });
});
