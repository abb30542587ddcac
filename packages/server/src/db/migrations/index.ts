import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_spine'
import * as m0002 from './0002_conversations'
import * as m0003 from './0003_ticket_list_indexes'
import * as m0004 from './0004_quick_answers'
import * as m0005 from './0005_ticket_search'
import * as m0006 from './0006_one_live_ticket'
import * as m0007 from './0007_pg_timestamps_and_trigram'
import * as m0008 from './0008_rate_limits'
import * as m0009 from './0009_start_search'
import * as m0010 from './0010_automatic_messages'
import * as m0011 from './0011_message_body_lower'
import * as m0012 from './0012_media_size'
import * as m0013 from './0013_outreach_jobs'
import * as m0014 from './0014_tags'
import * as m0015 from './0015_kanban'
import * as m0016 from './0016_bots'
import * as m0017 from './0017_protocols_and_mail'
import * as m0018 from './0018_webchat'
import * as m0020 from './0020_language_and_bot_retries'
import * as m0021 from './0021_inbound_pending'
import * as m0022 from './0022_session_holders'
import * as m0023 from './0023_job_messages'
import * as m0024 from './0024_job_submissions'
import * as m0025 from './0025_group_names'
import * as m0026 from './0026_durable_work'
import * as m0027 from './0027_work_wake'
import * as m0028 from './0028_mail_outbox_leases'
import * as m0029 from './0029_telephony'
import * as m0031 from './0031_instagram'
import * as m0032 from './0032_message_templates'
import * as m0033 from './0033_internal_chat'
import * as m0034 from './0034_ticket_list_counts'
import * as m0035 from './0035_message_search_in_batches'
import * as m0036 from './0036_reference_indexes'
import * as m0037 from './0037_contact_messages_index'

/**
 * Every migration, in order. Names sort lexically; a later feature adds its own file
 * (`0002_tickets.ts` …) and one line here. Never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_spine': m0001,
  '0002_conversations': m0002,
  '0003_ticket_list_indexes': m0003,
  '0004_quick_answers': m0004,
  '0005_ticket_search': m0005,
  '0006_one_live_ticket': m0006,
  '0007_pg_timestamps_and_trigram': m0007,
  '0008_rate_limits': m0008,
  '0009_start_search': m0009,
  '0010_automatic_messages': m0010,
  '0011_message_body_lower': m0011,
  '0012_media_size': m0012,
  '0013_outreach_jobs': m0013,
  '0014_tags': m0014,
  '0015_kanban': m0015,
  '0016_bots': m0016,
  '0017_protocols_and_mail': m0017,
  '0018_webchat': m0018,
  '0020_language_and_bot_retries': m0020,
  '0021_inbound_pending': m0021,
  '0022_session_holders': m0022,
  '0023_job_messages': m0023,
  '0024_job_submissions': m0024,
  '0025_group_names': m0025,
  '0026_durable_work': m0026,
  '0027_work_wake': m0027,
  '0028_mail_outbox_leases': m0028,
  '0029_telephony': m0029,
  '0031_instagram': m0031,
  '0032_message_templates': m0032,
  '0033_internal_chat': m0033,
  '0034_ticket_list_counts': m0034,
  '0035_message_search_in_batches': m0035,
  '0036_reference_indexes': m0036,
  '0037_contact_messages_index': m0037,
}
