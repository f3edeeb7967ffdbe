/**
 * An admin renames a staff member (issue 31: mails to students are signed with the name, so an
 * account must not stay "Administrator"): a "Rename" button opens a one-field form in place;
 * Escape or Cancel closes it and returns focus to the button. Audited on the server.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { StaffMember } from '../../../src/crm-contract';
import { updateStaff } from '../shared/work-api';
import { saveWithConflict } from './saveWithConflict';

export function RenameMember({ member, onSaved }: { member: StaffMember; onSaved(): void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(member.name);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    setName(member.name);
    // After the form is gone, the button is back: focus returns to it.
    setTimeout(() => button.current?.focus(), 0);
  };
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const saved = await saveWithConflict(
      () => updateStaff(member._id, { version: member.version, name }),
      `${member.name} is now called ${name.trim()}.`,
      onSaved,
    );
    setBusy(false);
    if (saved) setOpen(false);
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  if (!open) {
    return (
      <button ref={button} type="button" className="crm-button" aria-label={`Rename: ${member.name}`} onClick={() => setOpen(true)}>
        Rename
      </button>
    );
  }
  const id = `rename-${member._id}`;
  return (
    <form className="crm-inline crm-rename" onSubmit={save} onKeyDown={onKey} aria-label={`Rename ${member.name}`}>
      <div className="crm-field">
        <label htmlFor={id}>New name for {member.name}</label>
        <input id={id} value={name} maxLength={100} required autoFocus onInput={(e) => setName(e.currentTarget.value)} />
      </div>
      <button type="submit" className="crm-button crm-button--primary" disabled={busy || !name.trim() || name.trim() === member.name}>
        Save name
      </button>
      <button type="button" className="crm-button" onClick={close}>
        Cancel
      </button>
    </form>
  );
}
