import { useEffect, useMemo } from 'react';
import { Button, FileInput, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useT } from '@/lib/i18n/messages';
import { imageUploadSchema, UPLOAD_IMAGE_TYPES, type ImageUploadValues } from '../schemas';

/** Upload dialog (add) and replace-image dialog: one image, png, jpeg or bmp, required. */
export function ImageUploadDialog(props: {
  opened: boolean;
  mode: 'add' | 'replace';
  loading: boolean;
  onClose: () => void;
  onSubmit: (file: File) => void;
}) {
  const t = useT();
  const form = useForm<ImageUploadValues>({ resolver: zodResolver(imageUploadSchema), defaultValues: { image: null } });
  useEffect(() => {
    if (props.opened) form.reset({ image: null });
  }, [props.opened, form]);
  const file = form.watch('image');
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  const error = form.formState.errors.image?.message;
  const title = props.mode === 'add' ? t('catalog.image.uploadTitle') : t('catalog.image.replaceTitle');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={form.handleSubmit((v) => v.image && props.onSubmit(v.image))} noValidate aria-label={title}>
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <FileInput
                label={t('catalog.image.file')}
                description={t('catalog.image.typesWithBmp')}
                placeholder={t('catalog.image.choose')}
                accept={UPLOAD_IMAGE_TYPES.join(',')}
                leftSection={<IconUpload size={18} />}
                value={field.value}
                onChange={field.onChange}
                clearable
                clearButtonProps={{ 'aria-label': t('common.clear') }}
                error={error && t(error)}
              />
            )}
          />
          {preview && <Image src={preview} alt={t('catalog.image.preview')} mah={300} fit="contain" />}
          {!preview && (
            <Text size="xs" c="dimmed">
              {t('catalog.image.sizeHint')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.loading}>
              {props.mode === 'add' ? t('catalog.image.upload') : t('catalog.image.replace')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
