import { Box, Center } from '@mantine/core';
import { DesktopOnlyMessage } from '../components/DesktopOnlyNotice';
import { CornerLanguageSwitch } from '../components/LanguageSwitch';

/** /desktop-only as a page of its own (a direct visit); elsewhere the notice covers the page. */
export default function DesktopOnlyPage() {
  return (
    <Box pos="relative">
      <CornerLanguageSwitch />
      <Center component="main" mih="100vh" p="lg">
        <DesktopOnlyMessage />
      </Center>
    </Box>
  );
}
