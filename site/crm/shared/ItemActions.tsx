/** An admin list item's Edit button and its one other action (Remove, Retire), each named for the item. */
export function ItemActions({
  itemName,
  onEdit,
  action,
  onAction,
}: {
  itemName: string;
  onEdit(): void;
  action: string;
  onAction(): void;
}) {
  return (
    <div className="crm-inline">
      <button type="button" className="crm-button" onClick={onEdit} aria-label={`Edit ${itemName}`}>
        Edit
      </button>
      <button type="button" className="crm-button" onClick={onAction} aria-label={`${action} ${itemName}`}>
        {action}
      </button>
    </div>
  );
}
