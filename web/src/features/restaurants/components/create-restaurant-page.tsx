import { Container, Paper, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { RestaurantCreateForm } from './restaurant-create-form';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** /crear-restaurante: the create form as a page; back to the list afterwards. */
export default function CreateRestaurantPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <CreatePage />
    </MessagesScope>
  );
}

function CreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const back = () => navigate(paths.restaurante.path);
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('page.crearRestaurante.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <RestaurantCreateForm onCreated={back} onCancel={back} />
      </Paper>
    </Container>
  );
}
