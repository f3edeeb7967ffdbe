/** One filter of the Events page: a labelled select whose first option means "all". */
interface FilterSelectProps {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

export function FilterSelect({ id, name, label, allLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {[{ value: '', label: allLabel }, ...options].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
