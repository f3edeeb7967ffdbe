/** A labelled, required input of the CRM's sign-in and account forms (e-mail or password). */
interface TextFieldProps {
  id: string;
  label: string;
  type: 'email' | 'password';
  /** The field's name where a form is also read by name (the specification's `password`, `cPassword`). */
  name?: string;
  autoComplete: string;
  value: string;
  onValue(value: string): void;
}

export function TextField({ id, label, type, name, autoComplete, value, onValue }: TextFieldProps) {
  return (
    <div className="crm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        name={name}
        autoComplete={autoComplete}
        required
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
    </div>
  );
}
