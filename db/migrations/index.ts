import type { Migration } from 'kysely/migration';
import * as initial from './0001_initial.ts';
import * as groupNamesUtf8mb4 from './0002_group_names_utf8mb4.ts';
import * as logLimits from './0003_log_limits.ts';
import * as storedFileNames from './0004_stored_file_names.ts';
import * as mailOutbox from './0006_mail_outbox.ts';
import * as appointmentSequence from './0007_appointment_sequence.ts';
import * as appointmentsEndIndex from './0008_appointments_end_index.ts';
import * as groupNamesNocase from './0009_group_names_nocase.ts';
import * as deviceCookies from './0010_device_cookies.ts';
import * as attachmentUploader from './0011_attachment_uploader.ts';
import * as notifyAndRetryWindow from './0012_notify_and_retry_window.ts';
import * as passwordResets from './0013_password_resets.ts';
import * as secondFactor from './0014_second_factor.ts';
import * as clubData from './0015_club_data.ts';
import * as appointmentSeries from './0016_appointment_series.ts';
import * as duties from './0017_duties.ts';
import * as codeFailures from './0018_code_failures.ts';
import * as sectionGroups from './0019_section_groups.ts';
import * as downloadTitles from './0020_download_titles.ts';
import * as timetables from './0021_timetables.ts';
import * as clubFacts from './0022_club_facts.ts';
import * as rangeFacts from './0023_range_facts.ts';
import * as clubPictures from './0024_club_pictures.ts';
import * as news from './0025_news.ts';
import * as contactInbox from './0026_contact_inbox.ts';
import * as groupSections from './0028_group_sections.ts';
import * as galleryMedium from './0029_gallery_medium.ts';
import * as newsMail from './0030_news_mail.ts';
import * as signups from './0031_signups.ts';
import * as courseState from './0032_course_state.ts';
import * as courseBook from './0033_course_book.ts';
import * as signupFeed from './0034_signup_feed.ts';
import * as courseAnnualPasses from './0035_course_annual_passes.ts';

/** Every migration in order; listed statically so no file system scan is needed at start. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_group_names_utf8mb4': groupNamesUtf8mb4,
  '0003_log_limits': logLimits,
  '0004_stored_file_names': storedFileNames,
  '0006_mail_outbox': mailOutbox,
  '0007_appointment_sequence': appointmentSequence,
  '0008_appointments_end_index': appointmentsEndIndex,
  '0009_group_names_nocase': groupNamesNocase,
  '0010_device_cookies': deviceCookies,
  '0011_attachment_uploader': attachmentUploader,
  '0012_notify_and_retry_window': notifyAndRetryWindow,
  '0013_password_resets': passwordResets,
  '0014_second_factor': secondFactor,
  '0015_club_data': clubData,
  '0016_appointment_series': appointmentSeries,
  '0017_duties': duties,
  '0018_code_failures': codeFailures,
  '0019_section_groups': sectionGroups,
  '0020_download_titles': downloadTitles,
  '0021_timetables': timetables,
  '0022_club_facts': clubFacts,
  '0023_range_facts': rangeFacts,
  '0024_club_pictures': clubPictures,
  '0025_news': news,
  '0026_contact_inbox': contactInbox,
  '0028_group_sections': groupSections,
  '0029_gallery_medium': galleryMedium,
  '0030_news_mail': newsMail,
  '0031_signups': signups,
  '0032_course_state': courseState,
  '0033_course_book': courseBook,
  '0034_signup_feed': signupFeed,
  '0035_course_annual_passes': courseAnnualPasses,
};
