import { Center } from '@mantine/core';
import { DesktopOnlyMessage } from '../components/DesktopOnlyNotice';

/** /desktop-only as a page of its own (a direct visit); elsewhere the notice covers the page. */
export default function DesktopOnlyPage() {
  return (
    <Center component="main" mih="100vh" p="lg">
      <DesktopOnlyMessage />
    </Center>
  );
}
