import { useState } from 'react';
import { Button, Code, Collapse, Container, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Logo } from './Logo';

/** The default error boundary (spec section 8): 'Something went wrong!' with a 'Show Error' toggle. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const [open, setOpen] = useState(false);
  return (
    <Container size="sm" py={80}>
      <Stack gap="lg" align="flex-start">
        <Logo />
        <Title order={1} size="h2">
          Something went wrong!
        </Title>
        <Text c="dimmed">The page could not be shown. You can reload it or go back to the home page.</Text>
        <Button variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide Error' : 'Show Error'}
        </Button>
        <Collapse expanded={open} w="100%">
          <Code block>{error instanceof Error ? `${error.name}: ${error.message}` : String(error)}</Code>
        </Collapse>
      </Stack>
    </Container>
  );
}
