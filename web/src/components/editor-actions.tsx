import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from './confirm-dialog';
import { DiscardChangesPrompt } from './discard-changes';
import { IconButton } from './icon-button';
import { useT } from '@/lib/i18n/messages';

/**
 * A read-then-edit screen (the profile, the restaurant's profile): it opens read-only, the pencil
 * starts editing, and cancelling a changed form asks first.
 */
export function useReadThenEdit<V extends FieldValues>(form: UseFormReturn<V>, initial: V) {
  const [editing, setEditing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const dirty = form.formState.isDirty;
  const discard = () => {
    form.reset(initial);
    setEditing(false);
    setConfirmingCancel(false);
  };
  const cancel = () => (dirty ? setConfirmingCancel(true) : discard());
  return {
    editing,
    dirty,
    confirmingCancel,
    cancel,
    discard,
    keepEditing: () => setConfirmingCancel(false),
    toggle: () => (editing ? cancel() : setEditing(true)),
    /** Back to reading; with what the server stored, the form starts again from it. */
    finish: (stored?: V) => {
      if (stored) form.reset(stored);
      setEditing(false);
    },
  };
}

/** What the toggle and the form read of the editor (the saved values' type stays the page's). */
type ReadThenEdit = Omit<ReturnType<typeof useReadThenEdit>, 'finish'>;

/** The pencil at the top of a read-then-edit screen; pressed while editing. */
export function EditToggle({ editor, label }: { editor: ReadThenEdit; label: string }) {
  return (
    <IconButton
      label={label}
      icon={<IconPencil size={24} />}
      variant={editor.editing ? 'filled' : 'light'}
      size={44}
      onClick={editor.toggle}
      aria-pressed={editor.editing}
      data-testid="profile-edit-toggle"
    />
  );
}

/** A read-then-edit screen's form: its fields, the save bar while editing, and both 'discard your changes?' guards. */
export function EditorForm({ editor, label, onSubmit, saving, children }: { editor: ReadThenEdit; label: string; onSubmit: FormEventHandler; saving: boolean; children: ReactNode }) {
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        {children}
        {editor.editing && <EditorSaveBar onCancel={editor.cancel} saving={saving} />}
      </form>
      <DiscardChangesPrompt when={editor.editing && editor.dirty} />
      <DiscardEditsDialog opened={editor.confirmingCancel} onDiscard={editor.discard} onClose={editor.keepEditing} />
    </>
  );
}

/** The editors' save/cancel bar, kept in reach at the bottom of the screen while editing. */
function EditorSaveBar({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const t = useT();
  return (
    <Group
      justify="flex-end"
      p="sm"
      bg="white"
      mt="md"
      style={{ position: 'sticky', bottom: 0, zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('common.save')}
      </Button>
    </Group>
  );
}

/** 'Discard your changes?' asked when cancelling an editor that is not in its initial state. */
function DiscardEditsDialog({ opened, onDiscard, onClose }: { opened: boolean; onDiscard: () => void; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('discard.title')}
      message={t('discard.message')}
      confirmLabel={t('discard.leave')}
      onConfirm={onDiscard}
      onClose={onClose}
    />
  );
}
