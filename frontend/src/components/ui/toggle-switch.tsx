import './toggle-switch.css';

/** An on/off switch: a checkbox with role="switch", so it is labelled and keyboard-operable like one. */
export function ToggleSwitch({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="toggle-switch" htmlFor={id}>
      <span className="toggle-switch-text">
        <span className="toggle-switch-label">{label}</span>
        {description ? <span className="toggle-switch-description">{description}</span> : null}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-switch-track" aria-hidden="true" />
    </label>
  );
}
