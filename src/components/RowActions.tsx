import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from './icons';

export interface RowActionsProps {
  /** Tooltips, e.g. "Edit user" / "Delete user" (already translated). */
  editTooltip: string;
  deleteTooltip: string;
  /** Accessible names naming the row, e.g. "Edit ann@example.com" (already translated). */
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  /** A row that may not be changed here (an administrator's own account). */
  disabled?: boolean;
  size?: 'md' | 'lg';
}

/** The edit and delete buttons at the end of an administration table's row. */
export function RowActions({ editTooltip, deleteTooltip, editLabel, deleteLabel, onEdit, onDelete, disabled = false, size = 'md' }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={editTooltip} disabled={disabled}>
        <ActionIcon variant="subtle" size={size} aria-label={editLabel} disabled={disabled} onClick={onEdit}>
          <IconEdit />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteTooltip} disabled={disabled}>
        <ActionIcon variant="subtle" size={size} color="red" aria-label={deleteLabel} disabled={disabled} onClick={onDelete}>
          <IconTrash />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
