import { TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useErrorText } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';
import { PhoneInput } from '@/components/phone-input';
import type { RestaurantBasicsValues } from '../schemas';
import { LogoInput } from './logo-input';

type Props = {
  form: UseFormReturn<RestaurantBasicsValues>;
  /** Creating, the logo is required; editing, it shows the current one and is kept unless a new file is chosen. */
  currentLogo?: string;
};

/** Name, phone, address and logo: the create form's fields, and the list's edit dialog's. */
export function RestaurantBasicsFields({ form, currentLogo }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const { errors } = form.formState;
  const editing = currentLogo !== undefined;
  return (
    <>
      <TextInput label={t('restaurants.field.nombre_local')} withAsterisk maxLength={40} {...form.register('nombre_local')} error={errorText(errors.nombre_local)} data-autofocus={editing || undefined} />
      <PhoneInput control={form.control} name="telefono" label={t('restaurants.field.telefono')} withAsterisk error={errorText(errors.telefono)} />
      <TextInput label={t('restaurants.field.direccion')} withAsterisk maxLength={100} {...form.register('direccion')} error={errorText(errors.direccion)} />
      <LogoInput
        control={form.control}
        name="logo"
        label={t('restaurants.field.logo')}
        required={!editing}
        current={currentLogo}
        error={errorText(errors.logo)}
        placeholder={t(editing ? 'restaurants.logo.keep' : 'restaurants.logo.choose')}
      />
    </>
  );
}
