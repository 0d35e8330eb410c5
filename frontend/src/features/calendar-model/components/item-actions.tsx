import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';

const T = CALENDAR_UI_TEXTS.services;

/** Edit and Delete for one listed service, staff member, resource or closure, named for screen readers. */
export function ItemActions({
  name,
  onEdit,
  onDelete,
  disabled = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled?: boolean;
}) {
  return (
    <span className="calendar-item-actions">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={`${T.edit}: ${name}`}
        onClick={onEdit}
      >
        {T.edit}
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={`${T.delete}: ${name}`}
        disabled={disabled}
        onClick={onDelete}
      >
        {T.delete}
      </button>
    </span>
  );
}
