/** Replies read over IMAP (issue 22): the mailbox's status, the Unmatched list, attach and dismiss. */
import type { Feature } from '../features/feature';
import { registerReplyRoutes } from './reply-routes';

export const repliesFeature: Feature = { name: 'replies', routes: registerReplyRoutes };
