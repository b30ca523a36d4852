import { useQuery } from '@tanstack/react-query';
import type { ScoredResult, ViewKey } from '../../../core/contract';
import { GRADE_WORDS } from '../../../core/wording/density';
import { ADVICE_TITLE, adviceText, describeScore, type Translate } from '../../../core/wording/scores';
import { pngDataUrl } from '../../api/tasks';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { engineLine, NOT_A_DIAGNOSIS } from './EngineNote';
import { formatDate, formatStudyDate } from './format';
import { IMAGE_QUERY_DEFAULTS, type ImageQueryFor } from './images';
import { HANGING, VIEW_LABEL } from './labels';
import { noteInWords } from './engine-notes';
import { SCORE_TABS } from './tabs';
import { asTranslate } from './translate';

function ReportView({ view, queryFor }: { view: ViewKey; queryFor: ImageQueryFor }) {
  const t = useT();
  const { data } = useQuery({ ...queryFor(view, 'image'), ...IMAGE_QUERY_DEFAULTS });
  return (
    <figure data-side={view.startsWith('r') ? 'right' : 'left'}>
      {data ? <img src={pngDataUrl(data.img_b64)} alt={t('{{view}} mammogram', { view: VIEW_LABEL[view] })} /> : <div style={{ height: '70mm' }} />}
      <figcaption>{VIEW_LABEL[view]}</figcaption>
    </figure>
  );
}

function cell(entry: ScoredResult['study']['detection'], t: Translate): string {
  const w = describeScore(entry, t);
  return w.available ? `${w.percent} (${t(w.label)})` : w.percent;
}

/**
 * The report a person takes to the doctor: every score with its group and ranking, per breast,
 * the advice when it applies, the four views, the engine and its version (no model hashes nor
 * internal ids), and the date. Hidden on
 * screen, shown by the print stylesheet.
 */
export function PrintReport({
  result,
  queryFor,
  name,
  patientId,
  studyDate,
}: {
  result: ScoredResult;
  queryFor: ImageQueryFor;
  name: string;
  patientId?: string | null;
  studyDate?: string | null;
}) {
  const t = useT();
  const advice = SCORE_TABS.filter((tab) => {
    const w = describeScore(result.study[tab.score]);
    return w.available && w.advice;
  });
  return (
    <section className="print-report" data-testid="print-report">
      <h1 style={{ fontSize: '18pt', margin: '0 0 2mm' }}>{t('Mammogram score report')}</h1>
      <p style={{ margin: '0 0 4mm' }}>
        {name}
        {patientId ? ` · ${t('Patient ID {{id}}', { id: patientId })}` : ''} · {t('Study date {{date}}', { date: formatStudyDate(studyDate) })} ·{' '}
        {t('Printed {{date}}', { date: formatDate(new Date()) })}
      </p>
      <table>
        <thead>
          <tr>
            <th>{t('Score')}</th>
            <th>{t('Study')}</th>
            <th>{t('Ranking in the population')}</th>
            <th>{t('Right breast')}</th>
            <th>{t('Left breast')}</th>
          </tr>
        </thead>
        <tbody>
          {SCORE_TABS.map((tab) => {
            const e = result.study[tab.score];
            const w = describeScore(e, asTranslate(t));
            return (
              <tr key={tab.key}>
                <td>{t(tab.title)}</td>
                <td>{cell(e, asTranslate(t))}</td>
                <td>{w.available ? `${w.ranking} (${t('quantile {{q}}', { q: formatNumber(e.quantile!, 3) })})` : w.reason}</td>
                <td>{cell(result.right[tab.score], asTranslate(t))}</td>
                <td>{cell(result.left[tab.score], asTranslate(t))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {result.density.study.percent !== null && (
        <p style={{ margin: '3mm 0 0' }}>
          {result.density.study.grade
            ? t('Breast density: {{percent}}% dense tissue, BI-RADS-like grade {{grade}} ({{words}}).', {
                percent: Math.round(result.density.study.percent),
                grade: result.density.study.grade,
                words: t(GRADE_WORDS[result.density.study.grade]),
              })
            : t('Breast density: {{percent}}% dense tissue.', { percent: Math.round(result.density.study.percent) })}
          {result.inputs.age !== null ? ` ${t('Age used: {{age}}.', { age: Math.round(result.inputs.age) })}` : ''}
        </p>
      )}
      {advice.length > 0 && (
        <div style={{ margin: '3mm 0', padding: '2mm 3mm', border: '1px solid #999' }}>
          <strong>
            {t(ADVICE_TITLE)} ({advice.map((tab) => t(tab.title)).join(', ')})
          </strong>
          {adviceText(asTranslate(t)).map((line) => (
            <p key={line} style={{ margin: '1mm 0' }}>
              {line}
            </p>
          ))}
        </div>
      )}
      <div className="report-views" style={{ marginTop: '4mm' }}>
        {HANGING.map((v) => (
          <ReportView key={v} view={v} queryFor={queryFor} />
        ))}
      </div>
      <p style={{ marginTop: '3mm', fontSize: '9pt' }}>
        {engineLine(result)} {t(NOT_A_DIAGNOSIS)}
      </p>
      <p style={{ fontSize: '9pt' }} data-testid="print-score-quality">
        {t('How good these scores are, what they are built from and what they cannot do:')} <a href="/score-quality">{`${window.location.origin}/score-quality`}</a>
      </p>
      {result.inputs.notes.length > 0 && <p style={{ fontSize: '8pt' }}>{t('Notes:')} {result.inputs.notes.map(noteInWords).join(' ')}</p>}
    </section>
  );
}
