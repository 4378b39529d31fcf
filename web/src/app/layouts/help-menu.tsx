import { Menu } from '@mantine/core';
import { IconHelpCircle, IconTag } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';

/** The top bar's FAQ and Prices menu (narrow screens); open as it mounts, on the tap that loaded it. */
export default function HelpMenu({ target }: { target: ReactElement }) {
  const t = useT();
  return (
    // Mantine's initial-focus placeholder is a focusable role=presentation div, not a child a menu may
    // have (axe: aria-required-children): the first item takes the focus instead.
    <Menu position="bottom-end" defaultOpened withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.faq.path} leftSection={<IconHelpCircle size={18} />}>
          {t('nav.faq')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.faq.href(true)} leftSection={<IconTag size={18} />}>
          {t('nav.price')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
