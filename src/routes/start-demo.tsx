import { Alert, Avatar, Button, Card, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { readDemoProfile, SCREENING_LOCATION_LABELS, type DemoProfile, type DemoUserPublic, type ScreeningLocation } from '../../core/contract';
import { SCREENING_PROVIDERS } from '../../core/providers';
import { errorMessage } from '../lib/notify';
import { msg, useT } from '../i18n';
import { useDemoProfile } from '../session/useDemoProfile';

const SELECT_FIRST = msg('Please select a demo profile to continue');

/** One avatar colour per screening location, muted so no profile looks alarming. */
const AVATAR_COLORS: Record<ScreeningLocation, string> = { karolinska: 'clinical', skanes: 'indigo', akademiska: 'grape' };

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

function locationText(location: ScreeningLocation, t: TFunction): string {
  const provider = SCREENING_PROVIDERS.find((p) => p.id === location);
  return provider ? `${t(provider.name)}, ${t(provider.city)}` : t(SCREENING_LOCATION_LABELS[location]);
}

function ProfileCard({ user, profile, checked }: { user: DemoUserPublic; profile: DemoProfile | null; checked: boolean }) {
  const t = useT();
  return (
    <Radio.Card
      value={user.id}
      radius="lg"
      p="lg"
      data-testid="demo-profile-card"
      aria-label={user.name}
      h="100%"
      style={{
        transition: 'border-color 120ms ease, background-color 120ms ease, box-shadow 120ms ease',
        borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
        backgroundColor: checked ? 'var(--mantine-primary-color-light)' : undefined,
        boxShadow: checked ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Avatar size={56} radius="xl" color={profile ? AVATAR_COLORS[profile.screening_location] : 'gray'} variant={checked ? 'filled' : 'light'} aria-hidden>
              {initials(user.name)}
            </Avatar>
            <div>
              <Text fw={600} size="lg" lh={1.3}>
                {user.name}
              </Text>
              <Text c="dimmed">{profile ? t('{{age}} years old', { age: profile.age }) : t('Age not given')}</Text>
            </div>
          </Group>
          <Radio.Indicator aria-hidden />
        </Group>
        {profile ? (
          <>
            <div>
              <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.5}>
                {t('Screening location')}
              </Text>
              <Text>{locationText(profile.screening_location, t)}</Text>
            </div>
            <Text lineClamp={3} c="var(--mantine-color-text)" title={t(profile.description)}>
              {/* The seeded profiles' descriptions have Swedish in the catalog; one an administrator wrote reads as written. */}
              {t(profile.description)}
            </Text>
          </>
        ) : (
          <Text c="dimmed">{t('This profile has no description.')}</Text>
        )}
      </Stack>
    </Radio.Card>
  );
}

/** A button that stays focusable while disabled, so its tooltip can say why (Mantine's pattern). */
function GatedButton({ enabled, onClick, children, variant }: { enabled: boolean; onClick: () => void; children: string; variant?: 'filled' | 'default' }) {
  const t = useT();
  return (
    <Tooltip label={t(SELECT_FIRST)} disabled={enabled} withArrow>
      <Button
        size="lg"
        variant={variant}
        data-disabled={enabled ? undefined : true}
        aria-disabled={!enabled}
        onClick={(e) => {
          if (!enabled) e.preventDefault();
          else onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** /start-demo (spec section 2): choose a fictional profile, then simulate a submission or skip to its results. */
export default function StartDemoPage() {
  const t = useT();
  const navigate = useNavigate();
  const demo = useDemoProfile();
  const { query } = demo;
  const chosen = demo.selectedId !== null;

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Title order={1}>{t('Choose a demo profile')}</Title>
        <Text size="lg" c="dimmed" maw={760}>
          {t(
            'These are made-up people with example mammograms. Pick one to see how a submission works and what the results look like. You do not need images of your own.',
          )}
        </Text>
      </Stack>

      {query.isError ? (
        <Alert color="red" variant="light" title={t('Something went wrong.')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(query.error, msg("We couldn't load the demo profiles. Please try again later."))}</Text>
            <Button size="sm" variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('Try again')}
            </Button>
          </Stack>
        </Alert>
      ) : query.isPending ? (
        <SimpleGrid cols={3} spacing="lg" aria-busy="true" aria-label={t('Loading demo profiles')}>
          {[0, 1, 2].map((i) => (
            <Card key={i} withBorder radius="lg" p="lg">
              <Group gap="md">
                <Skeleton circle h={56} />
                <Stack gap={8} style={{ flex: 1 }}>
                  <Skeleton h={16} w="60%" />
                  <Skeleton h={12} w="40%" />
                </Stack>
              </Group>
              <Skeleton h={12} mt="lg" />
              <Skeleton h={12} mt="sm" />
              <Skeleton h={12} mt="sm" w="70%" />
            </Card>
          ))}
        </SimpleGrid>
      ) : demo.users && demo.users.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="demo-profiles-empty">
          <Group justify="space-between" align="center" gap="lg">
            <div>
              <Text fw={600}>{t('No demo profiles yet.')}</Text>
              <Text c="dimmed">{t('An administrator can add them under Demo admin.')}</Text>
              <Text c="dimmed">{t('Just after the server starts they may still be in preparation: they appear here by themselves.')}</Text>
            </div>
            <Button variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('Check again')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Radio.Group value={demo.selectedId} onChange={(id) => demo.select(id)} aria-label={t('Demo profiles')}>
          <SimpleGrid cols={3} spacing="lg">
            {demo.users?.map((u) => (
              <ProfileCard key={u.id} user={u} profile={readDemoProfile(u.data)} checked={u.id === demo.selectedId} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}

      <Text c="dimmed" maw={760} mt={-8}>
        {t(
          'Each profile has four example mammograms made by a computer program. They are scored by the same engine as real submissions. None of it is about a real person.',
        )}
      </Text>

      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" wrap="nowrap">
          <Button
            size="lg"
            variant="subtle"
            color="gray"
            onClick={() => {
              demo.exit();
              void navigate({ to: '/' });
            }}
          >
            {t('Exit demo')}
          </Button>
          <Group gap="sm" wrap="nowrap">
            <Text c="dimmed" mr="sm" aria-live="polite">
              {demo.selected ? t('Selected: {{name}}', { name: demo.selected.name }) : t('No profile selected')}
            </Text>
            <GatedButton enabled={chosen} variant="default" onClick={() => void navigate({ to: '/submit' })}>
              {t('Simulate submission')}
            </GatedButton>
            <GatedButton enabled={chosen} onClick={() => void navigate({ to: '/results' })}>
              {t('Skip to results')}
            </GatedButton>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
