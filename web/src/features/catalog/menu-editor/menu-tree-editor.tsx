import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconFolderPlus, IconGripVertical, IconPlus, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import { useLocale } from '@/lib/i18n/locale';
import { formatPrice } from '@/lib/i18n/format';
import { IconButton } from '@/components/icon-button';
import {
  canMove,
  describePosition,
  findCategory,
  kindOf,
  moveItem,
  positionOf,
  removeItem,
  renameItem,
  samePosition,
  validPositions,
  NAME_MAX,
  type CategoryItem,
  type DishItem,
  type Position,
  type Tree,
} from './tree-model';

type Props = {
  tree: Tree;
  editable: boolean;
  onChange: (tree: Tree) => void;
  onAddSubCategory: (parent: CategoryItem) => void;
  onAddDish: (category: CategoryItem) => void;
};

type Drag = { key: string; pointerId: number; startX: number; startY: number; x: number; y: number; active: boolean; label: string };

/** A position in the tree *with* the item → the same place in the tree without it. */
function withoutItem(from: Position, to: Position): Position {
  return from.parent === to.parent && from.index < to.index ? { ...to, index: to.index - 1 } : to;
}

/** Where a drop at (x, y) puts the dragged item, or null when the rules refuse it there. */
export function dropTarget(tree: Tree, key: string, x: number, y: number): Position | null {
  const hit = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-tree-row]');
  const from = positionOf(tree, key);
  const kind = kindOf(tree, key);
  if (!hit || !from || !kind) return null;
  const rect = hit.getBoundingClientRect();
  const after = y > rect.top + rect.height / 2;
  const rowKind = hit.dataset.treeRow;
  const rowKey = hit.dataset.key as string;
  const parent = hit.dataset.parent ? hit.dataset.parent : null;
  const index = Number(hit.dataset.index);
  let pos: Position | null = null;
  if (rowKind === 'empty') {
    pos = { parent: rowKey, index: 0 };
  } else if (kind === 'dish' && rowKind === 'dish') {
    pos = { parent, index: index + (after ? 1 : 0) };
  } else if (kind === 'dish' && rowKind === 'category') {
    const category = findCategory(tree, rowKey);
    if (!category || category.children.length > 0) return null;
    pos = { parent: rowKey, index: after ? category.dishes.length : 0 };
  } else if (kind === 'category' && rowKind === 'category') {
    if (rowKey === key) return null;
    pos = { parent, index: index + (after ? 1 : 0) };
  }
  if (!pos) return null;
  const target = withoutItem(from, pos);
  return canMove(tree, key, target) ? target : null;
}

/**
 * The nested drag-and-drop tree of a menu. Pointer events (finger, pen, mouse alike) drag by the
 * grip; the grip is also a button for the keyboard: Space or Enter picks the item up, the arrows
 * move it through the places the rules allow, Space or Enter drops it, Escape puts it back.
 */
export function MenuTreeEditor({ tree, editable, onChange, onAddSubCategory, onAddDish }: Props) {
  const t = useT();
  const [drag, setDrag] = useState<Drag | null>(null);
  const [target, setTarget] = useState<Position | null>(null);
  const [picked, setPicked] = useState<{ key: string; snapshot: Tree } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusKey = useRef<string | null>(null);

  // the grip of a moved item is re-created when it changes parent: give it the focus back
  useEffect(() => {
    if (!focusKey.current) return;
    document.querySelector<HTMLElement>(`[data-grip="${focusKey.current}"]`)?.focus();
  });

  const announceAt = (next: Tree, key: string) => {
    const pos = positionOf(next, key);
    if (!pos) return;
    const { parentName, index } = describePosition(next, pos);
    setAnnouncement(
      parentName
        ? t('catalog.tree.a11y.movedInto', { position: index, parent: parentName })
        : t('catalog.tree.a11y.movedTop', { position: index }),
    );
  };

  // the drag lives in a ref too: pointer events can arrive faster than React re-renders
  const dragRef = useRef<Drag | null>(null);
  const updateDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const onGripPointerDown = (e: ReactPointerEvent<HTMLElement>, key: string, label: string) => {
    if (!editable || e.button > 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    updateDrag({ key, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, x: e.clientX, y: e.clientY, active: false, label });
  };
  const onGripPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current || e.pointerId !== current.pointerId) return;
    const active = current.active || Math.hypot(e.clientX - current.startX, e.clientY - current.startY) > 4;
    updateDrag({ ...current, x: e.clientX, y: e.clientY, active });
    if (!active) return;
    // scroll the page when the finger nears an edge (a tablet's tree is taller than the screen)
    if (e.clientY < 70) window.scrollBy(0, -14);
    else if (e.clientY > window.innerHeight - 70) window.scrollBy(0, 14);
    setTarget(dropTarget(tree, current.key, e.clientX, e.clientY));
  };
  const onGripPointerUp = (e: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current || e.pointerId !== current.pointerId) return;
    const to = current.active ? dropTarget(tree, current.key, e.clientX, e.clientY) : null;
    updateDrag(null);
    setTarget(null);
    if (to && !samePosition(to, positionOf(tree, current.key))) {
      const next = moveItem(tree, current.key, to);
      onChange(next);
      announceAt(next, current.key);
    }
  };
  const onGripPointerCancel = () => {
    updateDrag(null);
    setTarget(null);
  };

  const onGripKeyDown = (e: KeyboardEvent<HTMLElement>, key: string, label: string) => {
    if (!editable) return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (picked?.key === key) {
        setPicked(null);
        focusKey.current = null;
        setAnnouncement(t('catalog.tree.a11y.dropped', { name: label }));
      } else {
        setPicked({ key, snapshot: tree });
        focusKey.current = key;
        setAnnouncement(t('catalog.tree.a11y.picked', { name: label }));
      }
    } else if (picked?.key === key && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const positions = validPositions(tree, key);
      const current = positions.findIndex((p) => samePosition(p, positionOf(tree, key)));
      const next = positions[current + (e.key === 'ArrowUp' ? -1 : 1)];
      if (!next) return;
      const moved = moveItem(tree, key, next);
      onChange(moved);
      announceAt(moved, key);
    } else if (picked?.key === key && e.key === 'Escape') {
      e.preventDefault();
      onChange(picked.snapshot);
      setPicked(null);
      focusKey.current = key;
      setAnnouncement(t('catalog.tree.a11y.cancelled', { name: label }));
    }
  };

  const grip = (key: string, label: string) =>
    editable ? (
      <ActionIcon
        variant={picked?.key === key ? 'filled' : 'subtle'}
        color="gray"
        size="xl"
        aria-label={t('catalog.tree.move', { name: label })}
        aria-pressed={picked?.key === key}
        aria-describedby="menu-tree-instructions"
        data-grip={key}
        style={{ touchAction: 'none', cursor: drag?.active ? 'grabbing' : 'grab' }}
        onPointerDown={(e) => onGripPointerDown(e, key, label)}
        onPointerMove={onGripPointerMove}
        onPointerUp={onGripPointerUp}
        onPointerCancel={onGripPointerCancel}
        onKeyDown={(e) => onGripKeyDown(e, key, label)}
      >
        <IconGripVertical size={22} />
      </ActionIcon>
    ) : null;

  /** The drop indicator goes before the item at `displayIndex` of the list of `parent`. */
  const indicatorAt = (parent: string | null, displayIndex: number, kind: 'dish' | 'category') => {
    if (!drag?.active || !target || target.parent !== parent) return false;
    if (kindOf(tree, drag.key) !== kind) return false;
    const from = positionOf(tree, drag.key);
    if (!from) return false;
    const shown = from.parent === parent && target.index >= from.index ? target.index + 1 : target.index;
    if (from.parent === parent && (shown === from.index || shown === from.index + 1)) return false;
    return shown === displayIndex;
  };

  const dishRow = (dish: DishItem, parent: CategoryItem, index: number) => (
    <Box key={dish.key}>
      {indicatorAt(parent.key, index, 'dish') && <Indicator />}
      <Group
        data-tree-row="dish"
        data-key={dish.key}
        data-parent={parent.key}
        data-index={index}
        data-testid={`tree-dish-${dish.name}`}
        gap="xs"
        wrap="nowrap"
        py={4}
        px="xs"
        style={{
          borderRadius: 6,
          background: picked?.key === dish.key ? 'var(--mantine-color-blue-0)' : undefined,
          opacity: drag?.active && drag.key === dish.key ? 0.4 : dish.disable ? 0.6 : 1,
        }}
      >
        {grip(dish.key, dish.name)}
        <IconToolsKitchen2 size={18} aria-hidden />
        {editable ? (
          <NameInput label={t('catalog.tree.dishName')} value={dish.name} maxLength={NAME_MAX.dish} onRename={(name) => onChange(renameItem(tree, dish.key, name))} />
        ) : (
          <Text style={{ flex: 1 }} c={dish.disable ? 'dimmed' : undefined}>
            {dish.name}
          </Text>
        )}
        {dish.price != null && <PriceText value={dish.price} />}
        {editable && (
          <RemoveButton ariaLabel={t('catalog.tree.deleteDish', { name: dish.name })} onClick={() => onChange(removeItem(tree, dish.key).tree)} />
        )}
      </Group>
    </Box>
  );

  const categoryBlock = (category: CategoryItem, parent: string | null, index: number, depth: number) => {
    const hasDishes = category.dishes.length > 0;
    const hasChildren = category.children.length > 0;
    return (
      <Box key={category.key}>
        {indicatorAt(parent, index, 'category') && <Indicator />}
        <Paper
          withBorder
          p="xs"
          radius="md"
          bg={depth === 0 ? 'gray.0' : undefined}
          data-testid={`tree-category-${category.name}`}
          style={{ opacity: drag?.active && drag.key === category.key ? 0.4 : 1 }}
        >
          <Group
            data-tree-row="category"
            data-key={category.key}
            data-parent={parent ?? ''}
            data-index={index}
            gap="xs"
            wrap="nowrap"
            style={{ borderRadius: 6, background: picked?.key === category.key ? 'var(--mantine-color-blue-0)' : undefined }}
          >
            {grip(category.key, category.name)}
            {editable ? (
              <NameInput
                label={t('catalog.tree.categoryName')}
                value={category.name}
                maxLength={NAME_MAX.category}
                onRename={(name) => onChange(renameItem(tree, category.key, name))}
                fw={600}
              />
            ) : (
              <Text fw={600} style={{ flex: 1 }}>
                {category.name}
              </Text>
            )}
            <Badge variant="light" color="gray" visibleFrom="sm">
              {hasChildren
                ? t('catalog.tree.subCategoryCount', { count: category.children.length })
                : t('catalog.tree.dishCount', { count: category.dishes.length })}
            </Badge>
            {editable && (
              <>
                <IconButton label={t('catalog.tree.addSubCategory')} ariaLabel={t('catalog.tree.addSubCategoryTo', { name: category.name })} icon={<IconFolderPlus size={18} />} variant="light" size="lg" disabled={hasDishes} onClick={() => onAddSubCategory(category)} />
                <IconButton label={t('catalog.tree.addDish')} ariaLabel={t('catalog.tree.addDishTo', { name: category.name })} icon={<IconPlus size={18} />} variant="light" size="lg" disabled={hasChildren} onClick={() => onAddDish(category)} />
                <RemoveButton ariaLabel={t('catalog.tree.deleteCategory', { name: category.name })} onClick={() => onChange(removeItem(tree, category.key).tree)} />
              </>
            )}
          </Group>
          <Stack gap={4} mt={hasDishes || hasChildren ? 'xs' : 0} pl={{ base: 'xs', sm: 'lg' }} role="group" aria-label={category.name}>
            {category.children.map((child, i) => categoryBlock(child, category.key, i, depth + 1))}
            {hasChildren && indicatorAt(category.key, category.children.length, 'category') && <Indicator />}
            {category.dishes.map((dish, i) => dishRow(dish, category, i))}
            {hasDishes && indicatorAt(category.key, category.dishes.length, 'dish') && <Indicator />}
            {!hasDishes && !hasChildren && (
              <Box
                data-tree-row="empty"
                data-key={category.key}
                p="sm"
                style={{
                  border: '1px dashed var(--mantine-color-gray-5)',
                  borderRadius: 6,
                  background: target?.parent === category.key && drag?.active ? 'var(--mantine-color-blue-1)' : undefined,
                }}
              >
                <Text size="sm" c="dimmed">
                  {editable ? t('catalog.tree.emptyEditable') : t('catalog.tree.empty')}
                </Text>
              </Box>
            )}
          </Stack>
        </Paper>
      </Box>
    );
  };

  return (
    <Box data-testid="menu-tree">
      <VisuallyHidden id="menu-tree-instructions">{t('catalog.tree.a11y.instructions')}</VisuallyHidden>
      <VisuallyHidden aria-live="assertive" role="status">
        {announcement}
      </VisuallyHidden>
      <Stack gap="sm">
        {tree.map((c, i) => categoryBlock(c, null, i, 0))}
        {indicatorAt(null, tree.length, 'category') && <Indicator />}
      </Stack>
      {drag?.active && (
        <Paper
          shadow="md"
          px="md"
          py={6}
          radius="md"
          withBorder
          style={{ position: 'fixed', left: drag.x + 12, top: drag.y - 18, pointerEvents: 'none', zIndex: 400 }}
          data-testid="drag-ghost"
        >
          <Text fw={500}>{drag.label}</Text>
        </Paper>
      )}
    </Box>
  );
}

/** A name renamed in place: a row of the tree, not a form, so smaller than the app's fields. */
function NameInput({ label, value, maxLength, onRename, fw }: { label: string; value: string; maxLength: number; onRename: (name: string) => void; fw?: number }) {
  return <TextInput size="sm" aria-label={label} value={value} maxLength={maxLength} onChange={(e) => onRename(e.currentTarget.value)} error={!value.trim()} fw={fw} style={{ flex: 1 }} />;
}

/** Removes an item from the tree: its tooltip says 'Delete', its accessible name which item. */
function RemoveButton({ ariaLabel, onClick }: { ariaLabel: string; onClick: () => void }) {
  const t = useT();
  return <IconButton label={t('common.delete')} ariaLabel={ariaLabel} icon={<IconTrash size={18} />} variant="subtle" color="red" size="lg" onClick={onClick} />;
}

/** Where a dragged item would land (a component of its own: one declared inside render remounts each render). */
function Indicator() {
  return <Box data-testid="drop-indicator" h={4} bg="blue.6" style={{ borderRadius: 2 }} />;
}

function PriceText({ value }: { value: string }) {
  const [locale] = useLocale();
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatPrice(value, locale)}
    </Text>
  );
}
