import { accountDeletionJob } from '../services/account/deletion';
import { accountExportJob } from '../services/account/export';
import { chatImportJob } from '../services/chats/importJob';
import { chatSummaryJob } from '../services/chats/memory/summaryJob';
import type { JobKind } from './kind';

/** Every kind of job the runner knows; a later kind (a library import) is added here. */
export const JOB_KINDS: readonly JobKind[] = [chatImportJob, accountExportJob, accountDeletionJob, chatSummaryJob] as JobKind[];
