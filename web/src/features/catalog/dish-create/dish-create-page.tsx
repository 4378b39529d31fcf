import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Container, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RequireRestaurant } from '@/components/require-restaurant';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { MenuSelect, useMenuChoice } from '@/components/menu-select';
import { createDish } from '../api/create-dish';
import { DishDialog } from '../dishes/dish-dialog';
import catalogEs from '../locales/es.json';
import catalogEn from '../locales/en.json';
import es from './locales/es.json';
import en from './locales/en.json';

const catalogs = { es: { ...catalogEs, ...es }, en: { ...catalogEn, ...en } };

export default function DishCreatePage() {
  return (
    <MessagesScope catalogs={catalogs}>
      <RequireRestaurant>{(r) => <DishCreate restaurant={r.id} />}</RequireRestaurant>
    </MessagesScope>
  );
}

/**
 * /dish: the create-dish page (spec part 1 §2). The form is the dish list's own dialog, opened
 * here on the chosen menu; once a dish is created the list of dishes of that menu follows.
 */
function DishCreate({ restaurant }: { restaurant: number }) {
  const t = useT();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const menuId = Number(params.get('menu')) || null;
  const menu = useMenuChoice(restaurant, menuId, (id) => setParams(id ? { menu: String(id) } : {}, { replace: true }));
  const [opened, setOpened] = useState(false);
  const openedAt = useRef(0);

  const open = () => {
    if (!menuId) return notify('warning', t('catalog.rules.selectMenu'));
    openedAt.current = Date.now();
    setOpened(true);
  };
  // exactly one menu: the hook preselects it, and the form opens
  useEffect(() => {
    if (menuId && menu.menus.length === 1) open();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menuId, menu.menus.length]);

  // The dialog closes the same way after a create and after cancel; a create that succeeded
  // since it opened is what tells them apart (the shared dialog stays as the dish list uses it).
  const onClose = () => {
    setOpened(false);
    const created = qc
      .getMutationCache()
      .findAll({ predicate: (m) => m.options.mutationFn === createDish && m.state.status === 'success' && m.state.submittedAt >= openedAt.current });
    if (created.length) navigate(paths.listaDePlatos.href(menuId ?? undefined));
  };

  return (
    <Container size="sm" py="lg">
      <Group gap="xs" mb="md" wrap="nowrap">
        <Tooltip label={t('dishCreate.back')}>
          <ActionIcon component={Link} to={paths.menu.path} size={44} variant="subtle" aria-label={t('dishCreate.back')}>
            <IconArrowLeft />
          </ActionIcon>
        </Tooltip>
        <Title order={1}>{t('page.dish.title')}</Title>
      </Group>
      <Text c="dimmed" mb="md">
        {t('dishCreate.intro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MenuSelect {...menu} w={{ base: '100%', sm: 260 }} />
        <Button leftSection={<IconPlus size={18} />} onClick={open}>
          {t('dishCreate.open')}
        </Button>
      </Group>
      <DishDialog opened={opened} dish={null} menuId={menuId} defaultCategory={null} onClose={onClose} />
    </Container>
  );
}
