import { useEffect } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LabelledChoice } from '@/components/labelled-choice';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import { useBulkPriceUpdate } from '../api/bulk-prices';
import { allCategoryOptions, useCategories } from '../api/categories';
import type { Menu } from '../api/types';
import { PriceInput } from '../components/price-input';
import { notifyServerErrors } from '../components/show-errors';
import { BULK_MAX_LENGTH, bulkPriceSchema, normalizeDecimal, type BulkPriceValues } from '../schemas';

/**
 * Bulk price update (spec part 1 §3, §5): raise or lower every price of a menu, or of one
 * category, by an amount or a percentage. A warning when some dishes kept their price.
 */
export function BulkPriceDialog(props: { opened: boolean; menus: Menu[]; menuId: number | null; onClose: () => void }) {
  const t = useT();
  const bulk = useBulkPriceUpdate();
  const defaults = (): BulkPriceValues => ({
    tipo_cambio: 'Porcentaje',
    menu: props.menuId ? String(props.menuId) : '',
    tipo_update: '1',
    category: '-1',
    valor: '',
  });
  const form = useForm<BulkPriceValues>({ resolver: zodResolver(bulkPriceSchema), defaultValues: defaults() });
  useEffect(() => {
    if (props.opened) form.reset(defaults());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.opened, props.menuId]);
  const menu = form.watch('menu');
  const kind = form.watch('tipo_cambio');
  const categories = useCategories(props.opened && menu ? Number(menu) : null);
  const { errors } = form.formState;
  const err = (m?: string) => (m ? t(m) : undefined);

  // 400: each field's first message; 403: each message; 5xx: 'Error 500' (spec part 1 §8)
  const onError = (error: unknown) => notifyServerErrors(t, error, { title: 'catalog.bulk.error', firstPerField: true });

  const submit = form.handleSubmit(
    (v) =>
      bulk.mutate(
        {
          menuId: Number(v.menu),
          body: { tipo_cambio: v.tipo_cambio, valor: normalizeDecimal(v.valor) as string, tipo_update: Number(v.tipo_update), category: Number(v.category) },
        },
        {
          onSuccess: (result) => {
            if (result.dish_no_update.length > 0) {
              notify('warning', t('catalog.bulk.partial', { dishes: result.dish_no_update.map((d) => d.name).join(', ') }), {
                title: t('catalog.bulk.partialTitle'),
                autoClose: DURATION.form,
              });
            } else {
              notify('success', t('catalog.bulk.done'));
            }
            props.onClose();
          },
          onError,
        },
      ),
    notifyInvalid(t, 'catalog.bulk.error'),
  );

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('catalog.bulk.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={submit} noValidate aria-label={t('catalog.bulk.title')}>
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="menu"
            render={({ field }) => (
              <Select
                label={t('catalog.bulk.menu')}
                data={props.menus.map((m) => ({ value: String(m.id), label: m.name }))}
                value={field.value || null}
                onChange={(v) => {
                  field.onChange(v ?? '');
                  form.setValue('category', '-1');
                }}
                error={err(errors.menu?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select
                label={t('catalog.bulk.category')}
                data={[{ value: '-1', label: t('catalog.bulk.allCategories') }, ...allCategoryOptions(categories.data ?? [])]}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '-1')}
                disabled={!menu}
                allowDeselect={false}
              />
            )}
          />
          <Choice
            label={t('catalog.bulk.kind')}
            control={form.control}
            name="tipo_cambio"
            options={[['Porcentaje', 'catalog.bulk.percentage'], ['Precio', 'catalog.bulk.amount']]}
            // the value's limits depend on the kind: a value typed already is checked again (an empty
            // one is not called missing before it could be typed)
            onChanged={() => form.getValues('valor') && void form.trigger('valor')}
          />
          <Choice label={t('catalog.bulk.direction')} control={form.control} name="tipo_update" options={[['1', 'catalog.bulk.increase'], ['0', 'catalog.bulk.decrease']]} />
          {kind === 'Precio' ? (
            // an amount is typed as prices are: '1.500' is fifteen hundred in Spanish, as the dish form reads it
            <Controller
              control={form.control}
              name="valor"
              render={({ field }) => (
                <PriceInput
                  label={t('catalog.bulk.valueAmount')}
                  maxLength={BULK_MAX_LENGTH.Precio}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={err(errors.valor?.message)}
                />
              )}
            />
          ) : (
            <TextInput
              label={t('catalog.bulk.valuePercentage')}
              inputMode="decimal"
              maxLength={BULK_MAX_LENGTH.Porcentaje}
              rightSection="%"
              {...form.register('valor')}
              error={err(errors.valor?.message)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={bulk.isPending}>
              {t('catalog.bulk.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A labelled choice between a few values (segments), bound to one field of the form; `options`: each value with its text's id. */
function Choice<T extends FieldValues>(props: { label: string; control: Control<T>; name: Path<T>; options: [value: string, text: string][]; onChanged?: () => void }) {
  const t = useT();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <LabelledChoice
          label={props.label}
          labelProps={{ size: 'sm', fw: 500 }}
          data={props.options.map(([value, text]) => ({ value, label: t(text) }))}
          value={field.value}
          onChange={(v) => {
            field.onChange(v);
            props.onChanged?.();
          }}
        />
      )}
    />
  );
}
