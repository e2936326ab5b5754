import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { appRouter } from '../../src/server/router.ts';
import { resetTokenHash } from '../../src/server/areas/auth/password-reset.ts';
import { feedTokenHash, newFeedToken } from '../../src/server/areas/duties/feed.ts';
import { linkTokenHash, newLinkToken } from '../../src/server/http/link-token.ts';
import { DEFAULT_ABOUT_CAPTIONS } from '../../src/shared/aboutSlides.ts';
import { DEFAULT_CLUB_DATA } from '../../src/shared/clubData.ts';
import { DEFAULT_COURSE_FACTS } from '../../src/shared/courseFacts.ts';
import { DEFAULT_RANGE_FACTS } from '../../src/shared/rangeFacts.ts';
import { DEFAULT_HOME_TEXTS } from '../../src/shared/homeTexts.ts';
import { MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';
import { enableSecondFactor, pendingLogin } from '../helpers/secondFactor.ts';

/**
 * The permission matrix: every procedure of the router, found in the router itself, so a
 * new procedure without an entry here fails. Each entry says what the procedure needs
 * (public, any login, or a permission) and gives an example input; it is called over
 * tRPC (and its REST path, when it has one) as anonymous (401), as a member without the
 * permission (403) and with it (2xx).
 */

let t: TestApp;
let counter = 0;
const permissionIds = new Map<string, number>();

interface Fixture {
  userId: number;
  uid: string;
  groupId: number;
  downloadId: number;
  resultId: number;
  sponsorId: number;
  albumId: number;
  imageId: number;
  appointmentId: number;
  hostEntryId: number;
  /** A working password reset link of the member (only its hash is stored). */
  resetToken: string;
  /** Another member with a second factor (users.disableSecondFactor). */
  secondFactorUserId: number;
  /** That member's pending login and one of their recovery codes (auth.loginCode). */
  loginCode: { ticket: string; code: string };
  /** The secret of the member's private duty feed (only its hash is stored). */
  feedToken: string;
  /** A message of the contact form, in the inbox 'Nachrichten'. */
  messageId: number;
  /** A draft of the news (issue 27). */
  articleId: number;
  /** A public appointment taking sign-ups (issue 29), one sign-up on it and that sign-up's personal link. */
  signupAppointmentId: number;
  registrationId: number;
  signupToken: string;
  /** A planned closure of the 3D course (issue 30.1). */
  closureId: number;
  /** A group in the course book (issue 30.2) and its ticket's link (only its hash is stored). */
  courseGroupId: number;
  courseTicketToken: string;
}

function appointmentInput(fx: Fixture) {
  return {
    name: `Termin ${fx.userId}`,
    datetime_begin: '2026-11-28 10:00:00',
    datetime_end: '2026-11-28 12:00:00',
    location: 'Schützenhaus',
    visibility: 1,
    assignment: 1,
    status: 0,
  };
}

/** A stored file as an upload leaves it: a random name in UPLOADS_DIR. */
async function storedFile(extension: string): Promise<string> {
  const name = `${randomUUID()}.${extension}`;
  await writeFile(join(t.uploadsDir, name), 'x');
  return name;
}

async function fixture(): Promise<Fixture> {
  counter += 1;
  const member = await t.createMember([], String(50000000 + counter));
  const createdAt = '2026-11-23 10:00:00';
  const download = await t.db
    .insertInto('downloads')
    .values({ filename: 'Satzung.pdf', stored_name: await storedFile('pdf'), mime: 'application/pdf', size: 1, created_at: createdAt })
    .executeTakeFirstOrThrow();
  const result = await t.db
    .insertInto('results')
    .values({ filename: 'Ergebnis.pdf', stored_name: await storedFile('pdf'), section: 'gun', internal: 1, size: 1, created_at: createdAt })
    .executeTakeFirstOrThrow();
  const sponsor = await t.db
    .insertInto('sponsors')
    .values({ name: 'Sponsor', url: '', logo_stored_name: await storedFile('webp'), logo_mime: 'image/webp', created_at: createdAt })
    .executeTakeFirstOrThrow();
  // A home picture (issue 26.3) for its description and removal; the last fixture's is replaced.
  await t.db.deleteFrom('club_picture_files').where('role', '=', 'home').execute();
  await t.db.deleteFrom('club_pictures').where('role', '=', 'home').execute();
  await t.db.insertInto('club_pictures').values({ role: 'home', alt: 'Das Schützenhaus', source_width: 1600, source_height: 900, uploaded_at: createdAt }).execute();
  await t.db
    .insertInto('club_picture_files')
    .values({ stored_name: await storedFile('webp'), role: 'home', purpose: 'w480', mime: 'image/webp', width: 480, height: 270 })
    .execute();
  const album = await t.db.insertInto('albums').values({ name: 'Album', section: 'club', created_at: createdAt }).executeTakeFirstOrThrow();
  const image = await t.db
    .insertInto('images')
    .values({
      album_id: Number(album.insertId),
      title: '',
      name: 'foto.jpg',
      stored_name: await storedFile('webp'),
      thumb_name: await storedFile('webp'),
      mime: 'image/webp',
      width: 1,
      height: 1,
      created_at: createdAt,
    })
    .executeTakeFirstOrThrow();
  const appointment = await t.db
    .insertInto('appointments')
    .values({
      name: 'Termin',
      datetime_begin: '2026-11-28 10:00:00',
      datetime_end: '2026-11-28 12:00:00',
      location: 'Schützenhaus',
      visibility: 1,
      description: '',
      notes: '',
      // Group 1: a fixture's own group must stay deletable for groups.delete.
      assignment: 1,
      status: 0,
      notify: 0,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .executeTakeFirstOrThrow();
  const withSecondFactor = await t.createMember([], String(55000000 + counter));
  const { recoveryCodes } = await enableSecondFactor(t.db, withSecondFactor.id);
  const ticket = await pendingLogin(t.db, withSecondFactor.id);
  const hostEntry = await t.db
    .insertInto('host_entries')
    .values({ date: '2026-12-04', supervisor_user_id: null, supervisor_special: -1, host_user_id: member.id, host_special: null })
    .executeTakeFirstOrThrow();
  const resetToken = randomBytes(32).toString('base64url');
  await t.db
    .insertInto('password_resets')
    .values({ id: resetTokenHash(resetToken), user_id: member.id, created_ms: Date.now(), expires_ms: Date.now() + 60 * 60_000, used_ms: null })
    .execute();
  // From another network than the matrix's calls (contact.send counts accepted messages per network, http/network-limit.ts).
  const message = await t.db
    .insertInto('contact_messages')
    .values({ recipient: 'info', prename: 'Erika', lastname: 'Muster', email: 'erika@example.org', subject: 'Frage', text: 'Hallo', address: '192.0.2.1', created_at: createdAt, created_ms: Date.now() })
    .executeTakeFirstOrThrow();
  const newsArticle = await t.db
    .insertInto('news_articles')
    .values({
      slug: `entwurf-${counter}`,
      title: 'Entwurf',
      teaser: '',
      body: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
      section: 'club',
      cover_image_id: null,
      appointment_id: null,
      album_id: null,
      author_id: member.id,
      publish_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .executeTakeFirstOrThrow();
  // Sign-ups (issue 29) on an appointment far ahead, so the period is open whenever this runs.
  const signupAppointment = await t.db
    .insertInto('appointments')
    .values({ name: 'Kurs', datetime_begin: '2099-05-01 10:00:00', datetime_end: '2099-05-01 12:00:00', location: 'Bogenplatz', visibility: 1, description: '', notes: '', assignment: 1, status: 0, notify: 0, created_at: createdAt, updated_at: createdAt })
    .executeTakeFirstOrThrow();
  const signupAppointmentId = Number(signupAppointment.insertId);
  await t.db
    .insertInto('registration_settings')
    .values({ appointment_id: signupAppointmentId, places: 1000, places_per_signup: 1, opens_at: null, closes_at: null, audience: 'everyone', note: '', guardian_consent: 0, fields: '{}', created_at: createdAt, updated_at: createdAt })
    .execute();
  const signupToken = newLinkToken();
  const registration = await t.db
    .insertInto('registrations')
    .values({ appointment_id: signupAppointmentId, position: 1, status: 'place', places: 1, prename: 'Erika', lastname: 'Muster', email: 'erika@example.org', phone: '', birthdate: '', club: '', answers: '{}', token_hash: linkTokenHash('signup', signupToken), user_id: null, guardian_name: '', guardian_consent_at: null, created_at: createdAt, updated_at: createdAt, cancelled_at: null })
    .executeTakeFirstOrThrow();
  const closure = await t.db
    .insertInto('course_closures')
    .values({ from_date: '2099-06-01', to_date: '2099-06-02', reason: 'forestry', note: '', created_at: createdAt, updated_at: createdAt })
    .executeTakeFirstOrThrow();
  const courseTicketToken = newLinkToken();
  const courseGroup = await t.db
    .insertInto('course_book_groups')
    .values({ token_hash: linkTokenHash('course-ticket', courseTicketToken), ticket_code: 'K7M3PX', day: createdAt.slice(0, 10), checked_in_at: createdAt, checked_out_at: null, checked_out_by: '', phone: '0171 1', payment: 'cash', amount_cents: 1200, paid_at: null, categories: '1 × Erwachsene', personal_deleted: 0 })
    .executeTakeFirstOrThrow();
  await t.db.insertInto('course_book_shooters').values({ group_id: Number(courseGroup.insertId), position: 0, name: 'Erika', category: 'Erwachsene', price_cents: 1200, member_number: '' }).execute();
  const feedToken = newFeedToken();
  await t.db.insertInto('duty_settings').values({ user_id: member.id, feed_token_hash: feedTokenHash(feedToken), feed_created_ms: Date.now(), remind_at: null }).execute();
  return {
    signupAppointmentId,
    registrationId: Number(registration.insertId),
    signupToken,
    closureId: Number(closure.insertId),
    courseGroupId: Number(courseGroup.insertId),
    courseTicketToken,
    articleId: Number(newsArticle.insertId),
    feedToken,
    messageId: Number(message.insertId),
    resetToken,
    albumId: Number(album.insertId),
    imageId: Number(image.insertId),
    appointmentId: Number(appointment.insertId),
    userId: member.id,
    uid: member.uid,
    groupId: member.groupId,
    downloadId: Number(download.insertId),
    resultId: Number(result.insertId),
    sponsorId: Number(sponsor.insertId),
    hostEntryId: Number(hostEntry.insertId),
    secondFactorUserId: withSecondFactor.id,
    loginCode: { ticket, code: recoveryCodes[0]! },
  };
}

function newsArticleInput(id?: number) {
  return {
    ...(id === undefined ? {} : { id }),
    title: `Artikel ${id ?? 'neu'}`,
    teaser: '',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Text' }] }] },
    section: 'club',
    coverImageId: null,
    appointmentId: null,
    albumId: null,
    state: 'draft',
  };
}

function newUser(suffix: number) {
  return {
    prename: 'Erika',
    lastname: 'Muster',
    uid: String(60000000 + suffix),
    password: 'Geheim123',
    email: `erika${suffix}@example.org`,
    phone: '',
  };
}

function permission(name: PermissionName): number {
  const id = permissionIds.get(name);
  if (id === undefined) throw new Error(`unknown permission ${name}`);
  return id;
}

type Access = 'public' | 'authed' | PermissionName;

interface Entry {
  access: Access;
  /**
   * Takes the file a multipart REST upload received: JSON over /trpc can never be one, so
   * an allowed caller gets 400 there (the uploads have their own suites).
   */
  uploadOnly?: true;
  /**
   * What an allowed caller gets for the example input when the procedure needs a state of
   * the caller that the matrix does not set up (the second factor's setup steps): a German
   * 4xx past the permission check. tests/api/second-factor.test.ts runs the whole flow.
   */
  allowedStatus?: number;
  /** Example input; gets a fresh member to act on. Permissions given to a group are ones the caller holds. */
  input?: (fx: Fixture) => unknown;
  rest?: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: (fx: Fixture) => string; body?: (fx: Fixture) => unknown };
}

const matrix: Record<string, Entry> = {
  'auth.login': {
    access: 'public',
    input: (fx) => ({ username: fx.uid, password: MEMBER_PASSWORD }),
    rest: { method: 'POST', url: () => '/api/login', body: (fx) => ({ username: fx.uid, password: MEMBER_PASSWORD }) },
  },
  'auth.loginCode': { access: 'public', input: (fx) => fx.loginCode },
  'auth.logout': { access: 'public', rest: { method: 'POST', url: () => '/api/logout' } },
  'auth.logoutOthers': { access: 'authed', rest: { method: 'POST', url: () => '/api/logout-others' } },
  'auth.session': { access: 'public' },
  'auth.requestPasswordReset': { access: 'public', input: (fx) => ({ login: fx.uid }) },
  'auth.checkPasswordReset': { access: 'public', input: (fx) => ({ token: fx.resetToken }) },
  'auth.resetPassword': { access: 'public', input: (fx) => ({ token: fx.resetToken, password: 'Vergessen2026' }) },
  'auth.me': { access: 'authed', rest: { method: 'GET', url: () => '/api/me' } },
  'account.update': {
    access: 'authed',
    // Only the caller's own record, so the example changes nothing but names.
    input: () => ({ prename: 'Max', lastname: 'Muster', uid: '${self}', email: 'max@example.org', phone: '0123' }),
  },
  'account.export': { access: 'authed' },
  'secondFactor.status': { access: 'authed' },
  'secondFactor.begin': { access: 'authed' },
  // Without a begun setup: 422 'Die Einrichtung wurde nicht begonnen …'.
  'secondFactor.confirm': { access: 'authed', input: () => ({ code: '123456' }), allowedStatus: 422 },
  // Without a second factor: 409 'Der zweite Faktor ist nicht eingeschaltet.'
  'secondFactor.disable': { access: 'authed', input: () => ({}), allowedStatus: 409 },
  'secondFactor.newRecoveryCodes': { access: 'authed', input: () => ({}), allowedStatus: 409 },
  'appPasswords.list': { access: 'authed' },
  'appPasswords.create': { access: 'authed', input: () => ({ name: 'Ergebnisdienst' }) },
  // Someone else's app password reads like a missing one: 404.
  'appPasswords.revoke': { access: 'authed', input: () => ({ id: 1 }), allowedStatus: 404 },
  'users.list': { access: 'users_view', rest: { method: 'GET', url: () => '/api/users' } },
  'users.get': {
    access: 'users_view',
    input: (fx) => ({ ref: fx.uid }),
    rest: { method: 'GET', url: (fx) => `/api/users/${fx.uid}` },
  },
  'users.create': {
    access: 'users_create',
    input: (fx) => newUser(fx.userId),
    rest: { method: 'POST', url: () => '/api/users', body: (fx) => newUser(fx.userId + 1000) },
  },
  'users.update': {
    access: 'users_update',
    input: (fx) => ({ ref: String(fx.userId), prename: 'Neu', lastname: 'Name', uid: fx.uid, email: 'neu@example.org', phone: '' }),
  },
  'users.save': {
    access: 'users_update',
    input: (fx) => ({ ref: fx.uid, prename: 'Neu', lastname: 'Name', uid: fx.uid, email: 'neu@example.org', phone: '' }),
    rest: {
      method: 'PUT',
      url: (fx) => `/api/users/${fx.uid}`,
      body: (fx) => ({ prename: 'Neu', lastname: 'Name', uid: fx.uid, email: 'neu@example.org', phone: '' }),
    },
  },
  'users.disableSecondFactor': {
    access: 'users_update',
    input: (fx) => ({ ref: String(fx.secondFactorUserId) }),
  },
  'users.annualPasses': { access: 'users_view', input: (fx) => ({ ref: fx.uid }) },
  'users.setAnnualPass': { access: 'users_update', input: (fx) => ({ ref: String(fx.userId), year: 2026, pass: true }) },
  'users.delete': {
    access: 'users_delete',
    input: (fx) => ({ ref: String(fx.userId) }),
    rest: { method: 'DELETE', url: (fx) => `/api/users/${fx.userId}` },
  },
  'groups.list': { access: 'groups_view', rest: { method: 'GET', url: () => '/api/groups' } },
  'groups.create': {
    access: 'groups_create',
    input: (fx) => ({ name: `Neue Gruppe ${fx.userId}`, permissions: [permission('groups_create')] }),
    rest: { method: 'POST', url: () => '/api/groups', body: (fx) => ({ name: `REST Gruppe ${fx.userId}`, permissions: [permission('groups_create')] }) },
  },
  'groups.update': {
    access: 'groups_update',
    input: (fx) => ({ id: fx.groupId, name: `Umbenannt ${fx.groupId}`, permissions: [] }),
    rest: {
      method: 'PUT',
      url: (fx) => `/api/groups/${fx.groupId}`,
      body: (fx) => ({ name: `REST ${fx.groupId}`, permissions: [permission('groups_update')] }),
    },
  },
  'groups.delete': {
    access: 'groups_delete',
    input: (fx) => ({ id: fx.groupId }),
    rest: { method: 'DELETE', url: (fx) => `/api/groups/${fx.groupId}` },
  },
  'permissions.list': { access: 'groups_view', rest: { method: 'GET', url: () => '/api/permissions' } },
  'log.read': { access: 'log_view', rest: { method: 'GET', url: () => '/api/log' } },
  'log.clear': { access: 'log_delete', rest: { method: 'DELETE', url: () => '/api/log' } },
  'content.publicInfo': { access: 'public', rest: { method: 'GET', url: () => '/api/public/info' } },
  'content.publicAlerts': { access: 'public' },
  'content.publicInfoText': {
    access: 'public',
    input: () => ({ identifier: 'saison_gun' }),
    rest: { method: 'GET', url: () => '/api/public/info/saison_gun' },
  },
  'content.publicAlert': {
    access: 'public',
    input: () => ({ identifier: 'gun' }),
    rest: { method: 'GET', url: () => '/api/public/sectionalert/gun' },
  },
  'content.info': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/info' } },
  'content.alerts': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/sectionalert' } },
  'content.updateInfo': {
    access: 'dashboard_update',
    input: (fx) => ({ identifier: 'best_shot', text: `Bester Schuss ${fx.userId}` }),
    rest: { method: 'PUT', url: () => '/api/info/best_shot', body: (fx) => ({ text: `REST ${fx.userId}` }) },
  },
  'content.updateAlert': {
    access: 'dashboard_update',
    input: (fx) => ({ identifier: 'contact', enabled: true, text: `Hinweis ${fx.userId}` }),
    rest: { method: 'PUT', url: () => '/api/sectionalert/contact', body: (fx) => ({ enabled: 0, text: `REST ${fx.userId}` }) },
  },
  'club.profile': { access: 'public' },
  'club.texts': { access: 'public' },
  'club.data': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/club' } },
  'timetables.publicList': { access: 'public' },
  'timetables.list': { access: 'dashboard_view' },
  'timetables.create': {
    access: 'dashboard_update',
    input: () => ({ section: 'gun', weekday: 2, from: '18:00', to: '20:00', what: 'Training', note: '', active: true }),
  },
  'timetables.update': {
    access: 'dashboard_update',
    input: () => ({ id: 999999, weekday: 2, from: '18:00', to: '20:00', what: 'Training', note: '', active: true }),
    allowedStatus: 404,
  },
  'timetables.delete': { access: 'dashboard_update', input: () => ({ id: 999999 }), allowedStatus: 404 },
  'timetables.reorder': { access: 'dashboard_update', input: () => ({ section: 'blowpipe', ids: [] }) },
  'club.update': {
    access: 'dashboard_update',
    input: (fx) => ({ ...DEFAULT_CLUB_DATA, name: `Verein ${fx.userId}`, contactInfo: 'info@verein.example' }),
    rest: { method: 'PUT', url: () => '/api/club', body: (fx) => ({ ...DEFAULT_CLUB_DATA, name: `REST ${fx.userId}`, contactInfo: 'info@verein.example' }) },
  },
  'club.course': { access: 'public' },
  'club.courseFacts': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/club/course' } },
  'club.updateCourseFacts': {
    access: 'dashboard_update',
    input: () => DEFAULT_COURSE_FACTS,
    rest: { method: 'PUT', url: () => '/api/club/course', body: () => DEFAULT_COURSE_FACTS },
  },
  'club.range': { access: 'public' },
  'club.rangeFacts': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/club/range' } },
  'club.updateRangeFacts': {
    access: 'dashboard_update',
    input: () => DEFAULT_RANGE_FACTS,
    rest: { method: 'PUT', url: () => '/api/club/range', body: () => DEFAULT_RANGE_FACTS },
  },
  'club.home': { access: 'public' },
  'club.homeTexts': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/club/home' } },
  'club.updateHomeTexts': {
    access: 'dashboard_update',
    input: () => DEFAULT_HOME_TEXTS,
    rest: { method: 'PUT', url: () => '/api/club/home', body: () => DEFAULT_HOME_TEXTS },
  },
  'club.about': { access: 'public' },
  'club.aboutCaptions': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/club/about' } },
  'club.updateAboutCaptions': {
    access: 'dashboard_update',
    input: () => ({ captions: DEFAULT_ABOUT_CAPTIONS }),
    rest: { method: 'PUT', url: () => '/api/club/about', body: () => ({ captions: DEFAULT_ABOUT_CAPTIONS }) },
  },
  'club.pictures': { access: 'public' },
  // The 3D course's state (issue 30.1); tests/api/course-state.test.ts has the rules.
  'parcours.publicState': { access: 'public', rest: { method: 'GET', url: () => '/api/public/parcours' } },
  'parcours.state': { access: 'parcours_view', rest: { method: 'GET', url: () => '/api/parcours' } },
  'parcours.updateState': {
    access: 'parcours_update',
    input: () => ({ closedTargets: '4, 12', detour: 'Rechts am Bach entlang.' }),
    rest: { method: 'PUT', url: () => '/api/parcours', body: () => ({ closedTargets: [7], detour: '' }) },
  },
  'parcours.createClosure': {
    access: 'parcours_update',
    input: () => ({ from: '2099-07-01', to: '2099-07-01', reason: 'storm', note: '' }),
    rest: { method: 'POST', url: () => '/api/parcours/closures', body: () => ({ from: '02.07.2099', to: '02.07.2099', reason: 'other', note: 'Vereinsfest' }) },
  },
  'parcours.updateClosure': {
    access: 'parcours_update',
    input: (fx) => ({ id: fx.closureId, from: '2099-06-01', to: '2099-06-03', reason: 'forestry', note: 'Holzernte' }),
    rest: { method: 'PUT', url: (fx) => `/api/parcours/closures/${fx.closureId}`, body: () => ({ from: '2099-06-01', to: '2099-06-02', reason: 'storm' }) },
  },
  'parcours.deleteClosure': {
    access: 'parcours_update',
    input: (fx) => ({ id: fx.closureId }),
    rest: { method: 'DELETE', url: (fx) => `/api/parcours/closures/${fx.closureId}` },
  },
  // The course book (issue 30.2–30.4); tests/api/course-book.test.ts has the rules. The check-in
  // names a shooter number nobody has: 422 whether the course is open at this moment or not.
  'courseBook.form': { access: 'public' },
  'courseBook.checkIn': {
    access: 'public',
    input: () => ({ shooters: [{ name: 'Erika', category: 0, memberNumber: '99999998' }], phone: '0171 1', payment: 'cash', rulesAccepted: true }),
    allowedStatus: 422,
  },
  'courseBook.ticket': { access: 'public', input: (fx) => ({ token: fx.courseTicketToken }) },
  'courseBook.checkOut': { access: 'public', input: (fx) => ({ token: fx.courseTicketToken }) },
  'courseBook.today': { access: 'parcours_view' },
  'courseBook.monthCsv': { access: 'parcours_view', input: () => ({ month: '2026-11' }) },
  'courseBook.checkOutGroup': { access: 'parcours_update', input: (fx) => ({ id: fx.courseGroupId }) },
  'courseBook.markPaid': { access: 'parcours_update', input: (fx) => ({ id: fx.courseGroupId }) },
  'club.pictureSettings': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/club/pictures' } },
  'club.checkPictureUpload': { access: 'dashboard_update', input: () => ({ alt: 'Das Schützenhaus' }) },
  'club.uploadLogo': { access: 'dashboard_update', uploadOnly: true, input: () => ({ file: 'nicht-hochgeladen' }) },
  'club.uploadHomePicture': { access: 'dashboard_update', uploadOnly: true, input: () => ({ file: 'nicht-hochgeladen', alt: 'Das Schützenhaus' }) },
  'club.updateHomePictureAlt': {
    access: 'dashboard_update',
    input: () => ({ alt: 'Das Schützenhaus' }),
    rest: { method: 'PUT', url: () => '/api/club/picture', body: () => ({ alt: 'Das Schützenhaus' }) },
  },
  'club.removePicture': { access: 'dashboard_update', input: () => ({ role: 'home' }), rest: { method: 'DELETE', url: () => '/api/club/picture' } },
  'club.checklist': { access: 'dashboard_update', rest: { method: 'GET', url: () => '/api/club/checklist' } },
  // Public; the address limit (5 an hour) is per caller, and each call here comes from 127.0.0.1,
  // so the matrix's few calls stay below it.
  'contact.send': {
    access: 'public',
    input: () => ({ to: 'info', prename: 'Erika', lastname: 'Muster', email: 'erika@example.org', subject: 'Frage', text: 'Hallo' }),
    rest: {
      method: 'POST',
      url: () => '/api/public/contact',
      body: () => ({ to: 'info', prename: 'Erika', lastname: 'Muster', email: 'erika@example.org', subject: 'Frage', text: 'Hallo' }),
    },
  },
  // The inbox (issue 27.5); a member's group without 'Nachrichten nur an' reads every recipient.
  'messages.list': { access: 'messages_view', rest: { method: 'GET', url: () => '/api/messages' } },
  'messages.newCount': { access: 'messages_view' },
  'messages.setDone': {
    access: 'messages_update',
    input: (fx) => ({ id: fx.messageId, done: true }),
    rest: { method: 'PUT', url: (fx) => `/api/messages/${fx.messageId}`, body: () => ({ done: true }) },
  },
  'messages.delete': {
    access: 'messages_update',
    input: (fx) => ({ id: fx.messageId }),
    rest: { method: 'DELETE', url: (fx) => `/api/messages/${fx.messageId}` },
  },
  'downloads.publicList': { access: 'public', rest: { method: 'GET', url: () => '/api/public/downloads' } },
  'downloads.list': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/downloads' } },
  'downloads.checkUpload': { access: 'dashboard_create' },
  'downloads.create': { access: 'dashboard_create', uploadOnly: true, input: () => ({ file: 'nicht-hochgeladen' }) },
  // Title and description are tRPC's alone: the legacy REST paths keep their fields (issue 26.6).
  'downloads.update': { access: 'dashboard_update', input: (fx) => ({ id: fx.downloadId, title: 'Satzung', description: 'Gültig ab 2026' }) },
  'downloads.delete': {
    access: 'dashboard_delete',
    input: (fx) => ({ id: fx.downloadId }),
    rest: { method: 'DELETE', url: (fx) => `/api/downloads/${fx.downloadId}` },
  },
  'sponsors.publicList': { access: 'public', rest: { method: 'GET', url: () => '/api/public/sponsors' } },
  'sponsors.list': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/sponsors' } },
  'sponsors.checkUpload': { access: 'dashboard_create', input: () => ({ name: 'Bäckerei', url: 'https://example.org' }) },
  'sponsors.create': { access: 'dashboard_create', uploadOnly: true, input: () => ({ name: 'Bäckerei', url: '', logo: 'nicht-hochgeladen' }) },
  'sponsors.delete': {
    access: 'dashboard_delete',
    input: (fx) => ({ id: fx.sponsorId }),
    rest: { method: 'DELETE', url: (fx) => `/api/sponsors/${fx.sponsorId}` },
  },
  'results.publicList': { access: 'public', rest: { method: 'GET', url: () => '/api/public/results' } },
  'results.list': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/results' } },
  // A gun result needs dashboard_create; archery and blowpipe need dashboard_update (tests/api/results.test.ts).
  'results.checkUpload': { access: 'dashboard_create', input: () => ({ section: 'gun', internal: 1 }) },
  'results.create': { access: 'dashboard_create', uploadOnly: true, input: () => ({ section: 'gun', internal: 1, file: 'nicht-hochgeladen' }) },
  'calendar.month': {
    access: 'calendar_view',
    input: () => ({ year: 2026, month: 11 }),
    rest: { method: 'GET', url: () => '/api/calendar/2026-11' },
  },
  'calendar.publicList': { access: 'public', rest: { method: 'GET', url: () => '/api/public/calendar' } },
  'calendar.publicFeed': { access: 'public', rest: { method: 'GET', url: () => '/api/public/calendar.ics' } },
  'calendar.publicSections': { access: 'public' },
  // Either calendar_create or calendar_update (the upload serves both); tests/api/calendar.test.ts checks the other.
  'calendar.checkUpload': { access: 'calendar_create' },
  'calendar.upload': { access: 'calendar_create', uploadOnly: true, input: () => ({ files: ['nicht-hochgeladen'] }) },
  'calendar.create': {
    access: 'calendar_create',
    input: (fx) => appointmentInput(fx),
    rest: { method: 'POST', url: () => '/api/calendar', body: (fx) => appointmentInput(fx) },
  },
  'calendar.update': {
    access: 'calendar_update',
    input: (fx) => ({ id: fx.appointmentId, ...appointmentInput(fx) }),
    rest: { method: 'PUT', url: (fx) => `/api/calendar/${fx.appointmentId}`, body: (fx) => appointmentInput(fx) },
  },
  'calendar.delete': {
    access: 'calendar_delete',
    input: (fx) => ({ id: fx.appointmentId }),
    rest: { method: 'DELETE', url: (fx) => `/api/calendar/${fx.appointmentId}` },
  },
  // The fixture's appointment is no occurrence of a series: an allowed member hears so in German.
  'calendar.restore': { access: 'calendar_update', input: (fx) => ({ id: fx.appointmentId }), allowedStatus: 400 },
  'results.delete': {
    access: 'dashboard_delete',
    input: (fx) => ({ id: fx.resultId }),
    rest: { method: 'DELETE', url: (fx) => `/api/results/${fx.resultId}` },
  },
  'galleries.publicAlbums': { access: 'public', rest: { method: 'GET', url: () => '/api/public/albums' } },
  'galleries.publicImages': {
    access: 'public',
    input: (fx) => ({ album_id: fx.albumId }),
    rest: { method: 'GET', url: (fx) => `/api/public/images?album_id=${fx.albumId}` },
  },
  'galleries.albums': { access: 'dashboard_view', rest: { method: 'GET', url: () => '/api/albums' } },
  'galleries.images': { access: 'dashboard_view', rest: { method: 'GET', url: (fx) => `/api/images?album_id=${fx.albumId}` } },
  'galleries.createAlbum': {
    access: 'dashboard_create',
    input: (fx) => ({ name: `Album ${fx.userId}`, section: 'gun' }),
    rest: { method: 'POST', url: () => '/api/albums', body: (fx) => ({ name: `REST ${fx.userId}`, section: 'arch' }) },
  },
  'galleries.updateAlbum': {
    access: 'dashboard_update',
    input: (fx) => ({ id: fx.albumId, name: 'Umbenannt' }),
    rest: { method: 'PUT', url: (fx) => `/api/albums/${fx.albumId}`, body: () => ({ name: 'REST umbenannt' }) },
  },
  'galleries.deleteAlbum': {
    access: 'dashboard_delete',
    input: (fx) => ({ id: fx.albumId }),
    rest: { method: 'DELETE', url: (fx) => `/api/albums/${fx.albumId}` },
  },
  'galleries.checkUpload': { access: 'dashboard_create', input: (fx) => ({ album_id: fx.albumId, section: 'club' }) },
  'galleries.createImages': {
    access: 'dashboard_create',
    uploadOnly: true,
    input: (fx) => ({ album_id: fx.albumId, files: ['nicht-hochgeladen'] }),
  },
  'galleries.updateImage': {
    access: 'dashboard_update',
    input: (fx) => ({ id: fx.imageId, title: 'Siegerehrung' }),
    rest: { method: 'PUT', url: (fx) => `/api/images/${fx.imageId}`, body: () => ({ title: 'REST-Titel' }) },
  },
  'galleries.deleteImage': {
    access: 'dashboard_delete',
    input: (fx) => ({ id: fx.imageId }),
    rest: { method: 'DELETE', url: (fx) => `/api/images/${fx.imageId}` },
  },
  'news.publicList': { access: 'public', input: () => ({ sparte: 'bogen' }) },
  'news.publicLatest': { access: 'public' },
  'news.publicArticle': { access: 'public', input: (fx) => ({ slug: `entwurf-${fx.articleId}` }) },
  'news.publicLinks': { access: 'public' },
  'news.list': { access: 'news_view' },
  'news.get': { access: 'news_view', input: (fx) => ({ id: fx.articleId }) },
  'news.linkOptions': { access: 'news_view' },
  'news.galleryPictures': { access: 'news_view', input: (fx) => ({ album_id: fx.albumId }) },
  'news.create': { access: 'news_create', input: () => newsArticleInput() },
  'news.update': { access: 'news_update', input: (fx) => newsArticleInput(fx.articleId) },
  'news.delete': { access: 'news_delete', input: (fx) => ({ id: fx.articleId }) },
  'news.checkUpload': { access: 'news_create' },
  'news.mailGroups': { access: 'news_create' },
  'news.mailSetting': { access: 'authed' },
  'news.setMailSetting': { access: 'authed', input: () => ({ receive: true }) },
  // The mail's unsubscribe link: the secret authorizes, not a session; a token that names nobody is the page's German 404.
  'news.unsubscribeLink': { access: 'public', input: () => ({ token: 'A'.repeat(43) }) },
  'news.unsubscribe': { access: 'public', input: () => ({ token: 'A'.repeat(43) }), allowedStatus: 404 },
  'news.createPicture': { access: 'news_create', uploadOnly: true, input: () => ({ file: 'nicht-hochgeladen' }) },
  // The fixture's gallery file is not a picture: past the permission, the copy is refused (tests/api/news.test.ts copies a real one).
  'news.pictureFromGallery': { access: 'news_create', allowedStatus: 422, input: (fx) => ({ imageId: fx.imageId }) },
  'hosts.publicList': { access: 'public', rest: { method: 'GET', url: () => '/api/public/hosts' } },
  'hosts.list': { access: 'hosts_view', rest: { method: 'GET', url: () => '/api/hosts' } },
  'hosts.choices': { access: 'hosts_view' },
  'hosts.create': {
    access: 'hosts_create',
    input: (fx) => ({ date: '2026-12-11', supervisor: -1, host: fx.userId }),
    rest: { method: 'POST', url: () => '/api/hosts', body: (fx) => ({ date: '2026-12-18', supervisor: -3, host: fx.userId }) },
  },
  'hosts.update': {
    access: 'hosts_update',
    input: (fx) => ({ id: fx.hostEntryId, date: '2026-12-11', supervisor: -2, host: fx.userId }),
    rest: {
      method: 'PUT',
      url: (fx) => `/api/hosts/${fx.hostEntryId}`,
      body: (fx) => ({ date: '2026-12-18', supervisor: -5, host: fx.userId }),
    },
  },
  'hosts.seriesChoices': { access: 'hosts_create' },
  // No series in the fixture: an allowed member hears in German that the series does not exist.
  'hosts.fillFromSeries': { access: 'hosts_create', input: () => ({ series_id: 999_999, from: '2026-12-01', until: '2026-12-31' }), allowedStatus: 422 },
  'hosts.delete': {
    access: 'hosts_delete',
    input: (fx) => ({ id: fx.hostEntryId }),
    rest: { method: 'DELETE', url: (fx) => `/api/hosts/${fx.hostEntryId}` },
  },
  // Each member's own duties: any login, no permission; the rules of swaps are in tests/api/duties.test.ts.
  'duties.list': { access: 'authed' },
  'duties.offers': { access: 'authed' },
  'duties.offeredSlots': { access: 'hosts_view' },
  'duties.settings': { access: 'authed' },
  'duties.renewFeed': { access: 'authed' },
  // Without a feed: 409 'Es ist kein Kalender-Abo eingerichtet.'
  'duties.revokeFeed': { access: 'authed', allowedStatus: 409 },
  'duties.setReminder': { access: 'authed', input: () => ({ time: '18:00' }) },
  'duties.setFeedSignups': { access: 'authed', input: () => ({ include: false }) },
  // The address is the credential: public, and REST serves it as text/calendar.
  'duties.feed': {
    access: 'public',
    input: (fx) => ({ token: fx.feedToken }),
    rest: { method: 'GET', url: (fx) => `/api/dienste/${fx.feedToken}.ics` },
  },
  // No such roster entry or offer: 404 with the duties' own message.
  'duties.offer': { access: 'authed', input: () => ({ entry_id: 999999, role: 'host' }), allowedStatus: 404 },
  'duties.withdraw': { access: 'authed', input: () => ({ entry_id: 999999, role: 'host' }), allowedStatus: 404 },
  'duties.take': { access: 'authed', input: () => ({ id: 999999 }), allowedStatus: 404 },
  // Sign-ups (issue 29): the public form and the personal link are public; the organiser's list follows the calendar's rights.
  'registrations.publicInfo': {
    access: 'public',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId }),
    rest: { method: 'GET', url: (fx) => `/api/public/registrations/${fx.signupAppointmentId}` },
  },
  'registrations.signup': {
    access: 'public',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId, prename: 'Erika', lastname: 'Muster', email: 'erika@example.org' }),
    rest: { method: 'POST', url: (fx) => `/api/public/registrations/${fx.signupAppointmentId}`, body: () => ({ prename: 'Erika', lastname: 'Muster', email: 'erika@example.org' }) },
  },
  'registrations.mine': { access: 'public', input: (fx) => ({ token: fx.signupToken }) },
  'registrations.changeMine': { access: 'public', input: (fx) => ({ token: fx.signupToken, prename: 'Erika', lastname: 'Musterfrau', email: 'erika@example.org' }) },
  'registrations.cancelMine': { access: 'public', input: (fx) => ({ token: fx.signupToken }) },
  // Meine Daten (issue 29.6): a member's own sign-ups; another's or an unknown one is 404.
  'registrations.mySignups': { access: 'authed' },
  'registrations.cancelMySignup': { access: 'authed', input: () => ({ id: 999999 }), allowedStatus: 404 },
  'registrations.settings': { access: 'calendar_view', input: (fx) => ({ appointmentId: fx.signupAppointmentId }) },
  'registrations.list': {
    access: 'calendar_view',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId }),
    rest: { method: 'GET', url: (fx) => `/api/registrations/${fx.signupAppointmentId}` },
  },
  'registrations.get': {
    access: 'calendar_view',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId, id: fx.registrationId }),
    rest: { method: 'GET', url: (fx) => `/api/registrations/${fx.signupAppointmentId}/${fx.registrationId}` },
  },
  'registrations.export': { access: 'calendar_view', input: (fx) => ({ appointmentId: fx.signupAppointmentId, layout: 'ianseo' }) },
  'registrations.configure': {
    access: 'calendar_update',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId, settings: { places: 999 } }),
    rest: { method: 'PUT', url: (fx) => `/api/registrations/${fx.signupAppointmentId}`, body: () => ({ places: 998 }) },
  },
  'registrations.remove': {
    access: 'calendar_update',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId }),
    rest: { method: 'DELETE', url: (fx) => `/api/registrations/${fx.signupAppointmentId}` },
  },
  'registrations.add': {
    access: 'calendar_update',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId, prename: 'Otto', lastname: 'Anrufer', email: 'otto@example.org' }),
    rest: { method: 'POST', url: (fx) => `/api/registrations/${fx.signupAppointmentId}`, body: () => ({ prename: 'Otto', lastname: 'Anrufer', email: 'otto@example.org' }) },
  },
  'registrations.update': {
    access: 'calendar_update',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId, id: fx.registrationId, paid: true }),
    rest: { method: 'PUT', url: (fx) => `/api/registrations/${fx.signupAppointmentId}/${fx.registrationId}`, body: () => ({ present: true }) },
  },
  'registrations.cancel': {
    access: 'calendar_update',
    input: (fx) => ({ appointmentId: fx.signupAppointmentId, id: fx.registrationId }),
    rest: { method: 'DELETE', url: (fx) => `/api/registrations/${fx.signupAppointmentId}/${fx.registrationId}` },
  },
  'registrations.mail': { access: 'calendar_update', input: (fx) => ({ appointmentId: fx.signupAppointmentId, to: 'all', subject: 'Hinweis', text: 'Bitte pünktlich.' }) },
};

// At run time the router keeps its procedures flat under dotted paths ("users.get").
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>;
const paths = Object.keys(procedures).sort();

/** The example input, with '${self}' standing for the caller's own shooter number. */
function inputOf(path: string, fx: Fixture, self: string | undefined): unknown {
  const input = matrix[path]?.input?.(fx);
  if (input === undefined || self === undefined) return input;
  return JSON.parse(JSON.stringify(input).replaceAll('${self}', self));
}

async function callTrpc(path: string, fx: Fixture, headers: Record<string, string>, self?: string) {
  const input = inputOf(path, fx, self);
  if (procedures[path]!._def.type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return t.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers });
  }
  return t.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input ?? null),
  });
}

async function callRest(path: string, fx: Fixture, headers: Record<string, string>) {
  const rest = matrix[path]!.rest!;
  const body = rest.body?.(fx);
  return t.inject({
    method: rest.method,
    url: rest.url(fx),
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { CONTACT_TO_INFO: 'info@verein.example' });
  for (const row of await t.db.selectFrom('permissions').select(['id', 'name']).execute()) permissionIds.set(row.name, row.id);
});
afterAll(() => t.close());

it('has an entry for every procedure of the router, and none for procedures that do not exist', () => {
  expect(paths.length).toBeGreaterThan(0);
  expect(Object.keys(matrix).sort()).toEqual(paths);
});

describe.each(paths)('%s', (path) => {
  const entry = (): Entry => {
    const found = matrix[path];
    if (!found) throw new Error(`${path} fehlt in der Matrix (Berechtigung und Beispiel-Eingabe)`);
    return found;
  };

  it('refuses anonymous callers with 401 unless it is public', async () => {
    const { access, rest, allowedStatus } = entry();
    const fx = await fixture();
    const trpc = await callTrpc(path, fx, {});
    if (access === 'public') {
      // A public procedure whose example is refused for its input (the check-in) answers that, never 401.
      if (allowedStatus !== undefined) expect(trpc.statusCode, trpc.body).toBe(allowedStatus);
      else expect(trpc.statusCode, trpc.body).toBeLessThan(300);
      return;
    }
    expect(trpc.statusCode).toBe(401);
    if (rest) {
      const response = await callRest(path, fx, {});
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBeUndefined();
      expect(response.json().message).toMatch(/nicht angemeldet/);
    }
  });

  it('refuses a member without the permission with 403', async () => {
    const { access, rest } = entry();
    if (access === 'public' || access === 'authed') return;
    const fx = await fixture();
    const others = (['dashboard_view', 'calendar_view', 'hosts_view'] as PermissionName[]).filter((p) => p !== access);
    counter += 1;
    const member = await t.createMember(others, String(70000000 + counter));
    const trpc = await callTrpc(path, fx, member.auth, member.uid);
    expect(trpc.statusCode).toBe(403);
    expect(trpc.json().error.message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    if (rest) {
      const response = await callRest(path, fx, member.auth);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    }
  });

  it('allows a member with the permission (or any member, or anyone)', async () => {
    const { access, rest } = entry();
    counter += 1;
    const member = await t.createMember(access === 'public' || access === 'authed' ? [] : [access], String(80000000 + counter));
    const trpc = await callTrpc(path, await fixture(), member.auth, member.uid);
    const { allowedStatus } = entry();
    if (entry().uploadOnly) expect(trpc.statusCode, trpc.body).toBe(400);
    else if (allowedStatus) {
      expect(trpc.statusCode, trpc.body).toBe(allowedStatus);
      expect(trpc.json().error.message).not.toBe('Dir fehlt die Berechtigung für diese Aktion.');
    } else expect(trpc.statusCode, trpc.body).toBeLessThan(300);
    if (rest) {
      const response = await callRest(path, await fixture(), member.auth);
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
  });
});

describe('own record', () => {
  it('is readable without users_view, by shooter number and by id', async () => {
    counter += 1;
    const member = await t.createMember([], String(90000000 + counter));
    for (const ref of [member.uid, String(member.id)]) {
      const response = await t.inject({ method: 'GET', url: `/api/users/${ref}`, headers: member.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: member.id, uid: member.uid, groups: [{ id: member.groupId }] });
    }
  });

  it('someone else is refused before the lookup: an unknown and a known shooter number both answer 403', async () => {
    counter += 1;
    const member = await t.createMember([], String(90000000 + counter));
    const other = await fixture();
    for (const ref of ['87654321', other.uid, '999999']) {
      const response = await t.inject({ method: 'GET', url: `/api/users/${ref}`, headers: member.auth });
      expect(response.statusCode, ref).toBe(403);
      expect(response.json().message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    }
  });

  it('users.save on the own record needs only a login and follows the account rules', async () => {
    counter += 1;
    const member = await t.createMember([], String(90000000 + counter));
    const body = { ref: member.uid, prename: 'Max', lastname: 'Muster', uid: member.uid, email: `${'a'.repeat(200)}@example.org`, phone: '' };
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/users.save',
      headers: { ...member.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    // 212 characters: too long for the admin dialog (190), fine for 'My account' (255).
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data.message).toBe('Gepeichert');
  });
});
