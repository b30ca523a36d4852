import { Center, Loader } from '@mantine/core';
import { useT } from '../i18n';

export function PageLoader() {
  const t = useT();
  return (
    <Center h="60vh" role="status" aria-label={t('Loading')}>
      <Loader aria-hidden />
    </Center>
  );
}
