import { useEffect, useState } from 'react';
import { ActionIcon, Box, Button, Center, Group, Image, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import type { DishImage } from '../api/types';

/** The dish's images, one at a time, with replace and delete per image and an add button. */
export function ImageCarousel(props: {
  images: DishImage[];
  dishName: string;
  busy: boolean;
  onAdd: () => void;
  onReplace: (image: DishImage) => void;
  onDelete: (image: DishImage) => void;
}) {
  const t = useT();
  const images = props.images.filter((i) => !i.soft_delete);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (index >= images.length) setIndex(Math.max(0, images.length - 1));
  }, [images.length, index]);
  const current = images[index];
  return (
    <Box data-testid="image-carousel" role="region" aria-roledescription="carousel" aria-label={t('catalog.image.carousel')}>
      {current ? (
        <Box pos="relative">
          <Image src={current.image} alt={t('catalog.image.alt', { name: props.dishName, n: index + 1, total: images.length })} h={220} fit="contain" bg="gray.1" radius="md" />
          {images.length > 1 && (
            <>
              <ActionIcon pos="absolute" left={8} top="45%" size="lg" radius="xl" variant="white" aria-label={t('catalog.image.previous')} onClick={() => setIndex((index - 1 + images.length) % images.length)}>
                <IconChevronLeft />
              </ActionIcon>
              <ActionIcon pos="absolute" right={8} top="45%" size="lg" radius="xl" variant="white" aria-label={t('catalog.image.next')} onClick={() => setIndex((index + 1) % images.length)}>
                <IconChevronRight />
              </ActionIcon>
            </>
          )}
        </Box>
      ) : (
        <Center h={120} bg="gray.1" style={{ borderRadius: 8 }}>
          <Text c="dimmed">{t('catalog.image.none')}</Text>
        </Center>
      )}
      <Group justify="space-between" mt="xs" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {images.length ? t('catalog.image.counter', { n: index + 1, total: images.length }) : ''}
        </Text>
        <Group gap="xs">
          {current && (
            <>
              <Button size="compact-md" variant="light" leftSection={<IconRefresh size={16} />} disabled={props.busy} onClick={() => props.onReplace(current)}>
                {t('catalog.image.replace')}
              </Button>
              <Button size="compact-md" variant="light" color="red" leftSection={<IconTrash size={16} />} disabled={props.busy} onClick={() => props.onDelete(current)}>
                {t('catalog.image.delete')}
              </Button>
            </>
          )}
          <Button size="compact-md" variant="light" leftSection={<IconPhotoPlus size={16} />} disabled={props.busy} onClick={props.onAdd}>
            {t('catalog.image.add')}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
