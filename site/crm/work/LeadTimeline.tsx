/** The lead's one timeline, newest first: the inquiry, notes, stage and owner changes, activities, e-mails sent. */
/** The lead's one timeline, newest first: the inquiry, notes, stage and owner changes, activities, replies. */
import type { ReactNode } from 'react';
import type { TimelineEntry } from '../../../src/crm-contract';
import { ACTIVITY_TYPES, LEAD_STAGES, lookupTitle } from '../../../src/lookups';
import { privacyRequestTitle } from '../../../src/privacy-contract';
import { formatDateTime } from '../area/labels';
import { DoneButton } from './DoneButton';
import { EditActivity } from './EditActivity';
import { SentEmailEntry } from '../email/SentEmailEntry';
import { ReplyBody } from '../replies/ReplyBody';
import { MergedEntry } from '../merge/MergedEntry';
import { EventTimelineEntry } from '../events/EventTimelineEntry';

function Entry({ entry, onChanged }: { entry: TimelineEntry; onChanged(): void }): ReactNode {
  switch (entry.kind) {
    case 'inquiry':
      return (
        <p className="crm-timeline__what">
          {entry.via === 'event_registration' ? 'New lead from an event registration' : 'Inquiry received through the inquiry form'}
        </p>
      );
    case 'note':
      return (
        <>
          <p className="crm-timeline__what">Note</p>
          <p className="crm-timeline__text">{entry.text}</p>
        </>
      );
    case 'stage':
      return (
        <p className="crm-timeline__what">
          Stage changed from {lookupTitle(LEAD_STAGES, entry.from)} to {lookupTitle(LEAD_STAGES, entry.to)}
        </p>
      );
    case 'owner':
      return (
        <p className="crm-timeline__what">
          Owner changed from {entry.from?.name ?? 'Unassigned'} to {entry.to?.name ?? 'Unassigned'}
          {entry.rule ? ` by the assignment rule “${entry.rule}”` : ''}
        </p>
      );
    case 'activity_done':
      return (
        <p className="crm-timeline__what">
          {entry.done ? 'Marked done' : 'Reopened'}: {entry.subject}
        </p>
      );
    case 'email_sent':
      return <SentEmailEntry email={entry.email} />;
    case 'privacy_request':
      return (
        <p className="crm-timeline__what">
          {entry.request ? privacyRequestTitle(entry.request) : 'Privacy request'} {entry.action}
        </p>
      );
    case 'anonymised':
      return <p className="crm-timeline__what">Personal data anonymised{entry.by ? '' : ' (retention schedule)'}</p>;
    case 'reply':
      return (
        <>
          <p className="crm-timeline__what">
            Reply from {entry.reply.from || 'an unknown sender'}: {entry.reply.subject || '(no subject)'}
          </p>
          <ReplyBody text={entry.reply.text} truncated={entry.reply.truncated} attachments={entry.reply.attachments} />
        </>
      );
    case 'consent':
      return (
        <p className="crm-timeline__what">
          {entry.given ? 'Opted in to news about programs and intakes' : 'Unsubscribed from news about programs and intakes'} (
          {entry.method})
        </p>
      );
    case 'sequence_enrolled':
      return (
        <p className="crm-timeline__what">
          Entered the sequence {entry.sequence}
          {entry.by ? '' : ' (by its enrolment rules)'}
        </p>
      );
    case 'sequence_step':
      return (
        <>
          <p className="crm-timeline__what">
            Sequence {entry.sequence}, step {entry.taken ? 'taken' : 'skipped'}: {entry.step}
          </p>
          {entry.reason ? <p className="crm-timeline__text">Why: {entry.reason}</p> : null}
        </>
      );
    case 'sequence_left':
      return (
        <p className="crm-timeline__what">
          Left the sequence {entry.sequence}: {entry.reason}
        </p>
      );
    case 'repeat_inquiry':
    case 'application':
      return <p className="crm-timeline__what">{entry.text}</p>;
    case 'merged':
      return <MergedEntry entry={entry} />;
    case 'event':
      return <EventTimelineEntry entry={entry} />;
    case 'activity': {
      const a = entry.activity;
      return (
        <>
          <p className="crm-timeline__what">
            {lookupTitle(ACTIVITY_TYPES, a.type)} logged: {a.subject}{' '}
            <span className={`crm-badge${a.done ? ' crm-badge--done' : ''}`}>{a.done ? 'Done' : 'Open'}</span>
          </p>
          <p className="crm-muted">
            Due {formatDateTime(a.due_at)} · Owner {a.owner.name}
          </p>
          {a.notes ? <p className="crm-timeline__text">{a.notes}</p> : null}
          <div className="crm-inline">
            <DoneButton activity={a} onSaved={onChanged} />
            <EditActivity activity={a} onSaved={onChanged} />
          </div>
        </>
      );
    }
  }
}

export function LeadTimeline({ entries, onChanged }: { entries: TimelineEntry[]; onChanged(): void }) {
  return (
    <ol className="crm-timeline">
      {[...entries].reverse().map((entry, index) => (
        <li key={`${entry.kind}-${entry.at}-${index}`} className={`crm-timeline__item crm-timeline__item--${entry.kind}`}>
          <Entry entry={entry} onChanged={onChanged} />
          <p className="crm-timeline__meta">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.by ? ` · by ${entry.by.name}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
