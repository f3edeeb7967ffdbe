/**
 * Staff: everyone sees the team; an admin invites members by e-mail, renames them, changes roles and
 * deactivates or reactivates accounts (the server refuses a counsellor with 403 anyway).
 */
import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../../../src/crm-contract';
import { lookupTitle, STATUSES } from '../../../src/lookups';
import { inviteStaff, updateStaff } from '../shared/work-api';
import { usePageTitle } from '../shared/usePageTitle';
import { LoadState, PageHeading } from '../area/PageHeading';
import { useAuth } from '../stores/auth';
import { confirmAction } from '../shared/confirm';
import { ColumnHeads, type Columns } from '../shared/ColumnHeads';
import { EmailLink } from '../shared/EmailLink';
import { saveWithConflict } from './saveWithConflict';
import { useStaffList } from './useStaffList';
import { RenameMember } from './RenameMember';

const roleTitle = (role: StaffRole) => STAFF_ROLES.find((r) => r.id === role)?.title ?? role;

function InviteForm({ onSaved }: { onSaved(): void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('counsellor');
  const [busy, setBusy] = useState(false);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    if (await saveWithConflict(() => inviteStaff({ name, email, role }), `Invitation sent to ${email}.`, onSaved)) {
      setName('');
      setEmail('');
    }
    setBusy(false);
  }
  return (
    <form className="crm-filters" onSubmit={send} aria-label="Invite a staff member">
      <div className="crm-field">
        <label htmlFor="invite-name">Name</label>
        <input id="invite-name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor="invite-email">E-mail</label>
        <input id="invite-email" type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value === 'admin' ? 'admin' : 'counsellor')}>
          {STAFF_ROLES.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field crm-field--end">
        <button type="submit" className="crm-button crm-button--primary" disabled={busy}>
          Send invitation
        </button>
      </div>
    </form>
  );
}

function MemberActions({ member, onSaved }: { member: StaffMember; onSaved(): void }) {
  const other: StaffRole = member.role === 'admin' ? 'counsellor' : 'admin';
  const change = (body: Omit<Parameters<typeof updateStaff>[1], 'version'>, done: string) =>
    saveWithConflict(() => updateStaff(member._id, { version: member.version, ...body }), done, onSaved);
  async function changeRole() {
    // Taking admin rights away is the destructive direction: asked first.
    const demote = member.role === 'admin';
    const confirmed =
      !demote ||
      (await confirmAction({
        title: `Make ${member.name} a counsellor?`,
        message: `${member.name} loses admin rights: inviting staff, changing accounts and editing the catalogue. An admin can give them back.`,
        confirmLabel: 'Make counsellor',
      }));
    if (confirmed) await change({ role: other }, `${member.name} is now ${roleTitle(other).toLowerCase()}.`);
  }
  async function deactivate() {
    const confirmed = await confirmAction({
      title: `Deactivate ${member.name}?`,
      message: `${member.name} is signed out at once and can no longer sign in. Their leads and activities stay as they are. You can reactivate the account later.`,
      confirmLabel: 'Deactivate',
    });
    if (confirmed) await change({ status: 2 }, `${member.name} was deactivated.`);
  }
  return (
    <div className="crm-inline">
      <RenameMember member={member} onSaved={onSaved} />
      <button
        type="button"
        className="crm-button"
        aria-label={`Make ${roleTitle(other).toLowerCase()}: ${member.name}`}
        onClick={() => void changeRole()}
      >
        Make {roleTitle(other).toLowerCase()}
      </button>
      {member.role === 'admin' ? null : (
        <button
          type="button"
          className="crm-button"
          aria-pressed={member.catalogue_editor}
          aria-label={`Catalogue editor: ${member.name}`}
          onClick={() =>
            change(
              { catalogue_editor: !member.catalogue_editor },
              member.catalogue_editor ? `${member.name} can no longer edit the catalogue.` : `${member.name} can now edit the catalogue.`,
            )
          }
        >
          Catalogue editor
        </button>
      )}
      {member.role === 'admin' ? null : (
        <button
          type="button"
          className="crm-button"
          aria-pressed={member.lead_exporter}
          aria-label={`Lead export: ${member.name}`}
          onClick={() =>
            change(
              { lead_exporter: !member.lead_exporter },
              member.lead_exporter ? `${member.name} can no longer export leads.` : `${member.name} can now export leads.`,
            )
          }
        >
          Lead export
        </button>
      )}
      {member.role === 'admin' ? null : (
        <button
          type="button"
          className="crm-button"
          aria-pressed={member.all_applications}
          aria-label={`All applications: ${member.name}`}
          onClick={() =>
            change(
              { all_applications: !member.all_applications },
              member.all_applications
                ? `${member.name} now sees only the applications of their own leads.`
                : `${member.name} can now see every application.`,
            )
          }
        >
          All applications
        </button>
      )}
      {member.role === 'admin' ? null : (
        <button
          type="button"
          className="crm-button"
          aria-pressed={member.sign_contracts}
          aria-label={`Sign contracts: ${member.name}`}
          onClick={() =>
            change(
              { sign_contracts: !member.sign_contracts },
              member.sign_contracts
                ? `${member.name} can no longer countersign contracts.`
                : `${member.name} can now countersign contracts.`,
            )
          }
        >
          Sign contracts
        </button>
      )}
      {member.status === 1 ? (
        <button type="button" className="crm-button" aria-label={`Deactivate: ${member.name}`} onClick={() => void deactivate()}>
          Deactivate
        </button>
      ) : (
        <button
          type="button"
          className="crm-button"
          aria-label={`Reactivate: ${member.name}`}
          onClick={() => change({ status: 1 }, `${member.name} was reactivated.`)}
        >
          Reactivate
        </button>
      )}
    </div>
  );
}

export function StaffPage() {
  usePageTitle('Staff');
  const me = useAuth((state) => state.user);
  const { all, reload } = useStaffList();
  const isAdmin = all.find((m) => m._id === me?._id)?.role === 'admin';
  const columns: Columns = ['Name', 'E-mail', 'Role', 'Status', ...(isAdmin ? ['Actions'] : [])].map((title) => [
    title.toLowerCase().replace(/\W+/g, ''),
    title,
  ]);
  return (
    <>
      <PageHeading>Staff</PageHeading>
      {isAdmin ? (
        <section className="crm-card" aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite a staff member</h2>
          <p className="crm-muted">They get an e-mail with a link to choose their password (it works once, for 72 hours).</p>
          <InviteForm onSaved={reload} />
        </section>
      ) : (
        <p className="crm-muted">Only an admin can invite staff or change accounts.</p>
      )}
      <LoadState loading={!all.length} error={null} />
      {all.length ? (
        <div className="crm-table-wrap" role="region" aria-label="Staff members" tabIndex={0}>
          <table className="crm-table crm-table--fit crm-staff-table">
            <caption className="crm-visually-hidden">Staff members</caption>
            <ColumnHeads columns={columns} />
            <tbody>
              {all.map((m) => (
                <tr key={m._id}>
                  <th scope="row" data-label="Name">
                    {m.name}
                    {m._id === me?._id ? ' (me)' : ''}
                  </th>
                  <td data-label="E-mail">
                    <EmailLink email={m.email} />
                  </td>
                  <td data-label="Role">
                    {roleTitle(m.role)}
                    {m.role !== 'admin' && m.catalogue_editor ? ', catalogue editor' : ''}
                    {m.role !== 'admin' && m.lead_exporter ? ', may export leads' : ''}
                    {m.role !== 'admin' && m.all_applications ? ', sees all applications' : ''}
                    {m.role !== 'admin' && m.sign_contracts ? ', signs contracts' : ''}
                  </td>
                  <td data-label="Status">
                    {lookupTitle(STATUSES, m.status)}
                    {m.invited ? ' (invited)' : ''}
                  </td>
                  {isAdmin ? (
                    <td data-label="Actions">
                      <MemberActions member={m} onSaved={reload} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
