/** A labelled select over a lookup list (src/lookups.ts); with `any`, an "Any" choice that means no value. */
interface Props {
  label: string;
  id: string;
  value: number | undefined;
  options: readonly { id: number; title: string }[];
  any?: boolean;
  onChange(value: number | undefined): void;
}

export function LookupSelect({ label, id, value, options, any = false, onChange }: Props) {
  return (
    <div className="crm-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)}>
        {any ? <option value="">Any</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </select>
    </div>
  );
}
