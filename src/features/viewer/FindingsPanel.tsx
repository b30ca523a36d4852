import { Button, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ViewKey } from '../../../core/contract';
import { useT } from '../../i18n';
import { viewWithoutResult, type ViewerFindings } from './findings';
import { REGION_KIND, regionScore, type ListedRegion } from './overlays';

/**
 * Beside the views: the regions the engine's detection score came from, per view (view, kind,
 * score), each a button that centres and zooms its view on it; a view without a result says so.
 */
export function FindingsPanel({
  findings,
  regions,
  hanging,
  labels,
  selected,
  onSelect,
}: {
  findings: ViewerFindings;
  regions: readonly ListedRegion[];
  hanging: readonly ViewKey[];
  labels: Record<ViewKey, string>;
  selected: number | null;
  onSelect: (region: ListedRegion) => void;
}) {
  const t = useT();
  return (
    <aside className="sd-viewer-findings" aria-labelledby="sd-findings-title" data-testid="viewer-findings">
      <Title order={2} size="h6" c="gray.0" id="sd-findings-title">
        {t('Regions the computer marked')}
      </Title>
      {findings.state === 'loading' ? (
        <Stack gap={6} align="flex-start" mt="sm">
          <Loader size="xs" color="gray.3" aria-label={t("Loading the computer's findings")} />
          <Text size="sm" c="gray.3">
            {t("Loading the computer's findings…")}
          </Text>
        </Stack>
      ) : null}
      {findings.state === 'unavailable' ? (
        <Stack gap="xs" mt="sm" align="flex-start">
          <Text size="sm" c="gray.2" data-testid="findings-unavailable">
            {t(findings.message)}
          </Text>
          {findings.retry ? (
            <Button size="xs" variant="default" onClick={findings.retry}>
              {t('Try again')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {findings.state === 'ready' ? (
        <>
          <Text size="xs" c="gray.4" mt={4}>
            {t('The detection score comes from these regions. Choose one to centre its view on it.')}
          </Text>
          {hanging.map((view) => {
            const missing = viewWithoutResult(findings.result, view);
            const own = regions.filter((r) => r.view === view);
            return (
              <section key={view} className="sd-findings-view" aria-label={t('{{view}} regions', { view: labels[view] })} data-testid={`findings-${view}`}>
                <Text size="sm" fw={700} c="gray.1">
                  {labels[view]}
                </Text>
                {missing ? (
                  <Text size="sm" c="gray.4">
                    {t('No result for this view: {{reason}}.', { reason: t(missing) })}
                  </Text>
                ) : own.length === 0 ? (
                  <Text size="sm" c="gray.4">
                    {t('No regions marked.')}
                  </Text>
                ) : (
                  <ul className="sd-findings-list">
                    {own.map((r) => (
                      <li key={r.number}>
                        <UnstyledButton
                          className="sd-findings-region"
                          data-selected={r.number === selected || undefined}
                          aria-pressed={r.number === selected}
                          aria-label={t('{{number}}. {{view}} · {{kind}}, score {{score}}', { number: r.number, view: labels[r.view], kind: t(REGION_KIND[r.kind]), score: regionScore(r.score) })}
                          onClick={() => onSelect(r)}
                        >
                          <span className="sd-findings-number">{r.number}</span>
                          <span>
                            {labels[r.view]} · {t(REGION_KIND[r.kind])}
                          </span>
                          <span className="sd-findings-score">{t('score {{score}}', { score: regionScore(r.score) })}</span>
                        </UnstyledButton>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </>
      ) : null}
    </aside>
  );
}
