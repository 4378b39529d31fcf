import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useT } from '@/lib/i18n/messages';
import { IconButton } from '@/components/icon-button';
import type { Category } from '../../api/types';

export type RowActions = {
  onAddSub: (parent: Category) => void;
  onRename: (c: Category) => void;
  onDelete: (c: Category) => void;
  onReorder: (siblings: Category[], fromId: number, toId: number) => void;
};

/**
 * One parent's categories, sortable among themselves (a category never changes parent by
 * dragging); each row's children are a list of their own, indented. A finger drags after a short
 * press on the handle so the page still scrolls; the keyboard moves with space and the arrows.
 */
export function SortableCategories({ byParent, parent, depth, actions }: { byParent: Map<number | null, Category[]>; parent: number | null; depth: number; actions: RowActions }) {
  const siblings = byParent.get(parent) ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) actions.onReorder(siblings, Number(active.id), Number(over.id));
  };
  if (siblings.length === 0) return null;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={siblings.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6} pl={depth ? 'xl' : 0} role="list" data-testid={parent == null ? 'category-list' : `category-children-${parent}`}>
          {siblings.map((c) => (
            <CategoryRow key={c.id} category={c} byParent={byParent} depth={depth} actions={actions} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function CategoryRow({ category, byParent, depth, actions }: { category: Category; byParent: Map<number | null, Category[]>; depth: number; actions: RowActions }) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  const name = category.name;
  return (
    <div ref={setNodeRef} role="listitem" style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' }}>
      <Paper withBorder p={6} shadow={isDragging ? 'md' : undefined} data-testid={`category-${category.id}`}>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            size={44}
            variant="subtle"
            color="gray"
            aria-label={t('menuGroups.drag', { name })}
            style={{ touchAction: 'none', cursor: 'grab' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical />
          </ActionIcon>
          <Text fw={depth ? 400 : 600} style={{ flex: 1, minWidth: 0 }} truncate>
            {name}
          </Text>
          <IconButton label={t('menuGroups.addSub')} ariaLabel={t('menuGroups.addSubOf', { name })} icon={<IconPlus />} size={44} variant="subtle" onClick={() => actions.onAddSub(category)} />
          <IconButton label={t('menuGroups.rename')} ariaLabel={t('menuGroups.renameOf', { name })} icon={<IconPencil />} size={44} variant="subtle" onClick={() => actions.onRename(category)} />
          <IconButton label={t('common.delete')} ariaLabel={t('menuGroups.deleteOf', { name })} icon={<IconTrash />} size={44} variant="subtle" color="red" onClick={() => actions.onDelete(category)} />
        </Group>
      </Paper>
      <div style={{ marginTop: byParent.has(category.id) ? 6 : 0 }}>
        <SortableCategories byParent={byParent} parent={category.id} depth={depth + 1} actions={actions} />
      </div>
    </div>
  );
}
