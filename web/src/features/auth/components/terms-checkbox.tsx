import { Anchor, Checkbox } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type Props = { registration: UseFormRegisterReturn; error?: string; audience: 'resto' | 'mobile' };

/** Terms checkbox linking the legal pages of the audience (restaurants or diners). */
export function TermsCheckbox({ registration, error, audience }: Props) {
  const terms = audience === 'resto' ? paths.legalTermsResto.path : paths.legalTermsMobile.path;
  const privacy = audience === 'resto' ? paths.legalPrivacyResto.path : paths.legalPrivacyMobile.path;
  return (
    <Checkbox
      {...registration}
      error={error}
      label={
        <FormattedMessage
          id="auth.field.terms"
          values={{
            terms: (chunks) => (
              <Anchor component={Link} to={terms} target="_blank">
                {chunks}
              </Anchor>
            ),
            privacy: (chunks) => (
              <Anchor component={Link} to={privacy} target="_blank">
                {chunks}
              </Anchor>
            ),
          }}
        />
      }
    />
  );
}
