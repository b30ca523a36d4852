import { useQuery } from '@tanstack/react-query';
import type { ScoredResult, ViewKey } from '../../../core/contract';
import { GRADE_WORDS } from '../../../core/wording/density';
import { ADVICE_TEXT, ADVICE_TITLE, describeScore } from '../../../core/wording/scores';
import { pngDataUrl } from '../../api/tasks';
import { engineLine, NOT_A_DIAGNOSIS } from './EngineNote';
import { formatLongDate, formatStudyDate } from './format';
import { IMAGE_QUERY_DEFAULTS, type ImageQueryFor } from './images';
import { HANGING, VIEW_LABEL } from './labels';
import { SCORE_TABS } from './tabs';

function ReportView({ view, queryFor }: { view: ViewKey; queryFor: ImageQueryFor }) {
  const { data } = useQuery({ ...queryFor(view, 'image'), ...IMAGE_QUERY_DEFAULTS });
  return (
    <figure data-side={view.startsWith('r') ? 'right' : 'left'}>
      {data ? <img src={pngDataUrl(data.img_b64)} alt={`${VIEW_LABEL[view]} mammogram`} /> : <div style={{ height: '70mm' }} />}
      <figcaption>{VIEW_LABEL[view]}</figcaption>
    </figure>
  );
}

function cell(entry: ScoredResult['study']['detection']): string {
  const w = describeScore(entry);
  return w.available ? `${w.percent} (${w.label})` : w.percent;
}

/**
 * The report a person takes to the doctor: every score with its group and ranking, per breast,
 * the advice when it applies, the four views, the engine and its version, and the date. Hidden on
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
  const advice = SCORE_TABS.filter((t) => {
    const w = describeScore(result.study[t.score]);
    return w.available && w.advice;
  });
  return (
    <section className="print-report" data-testid="print-report">
      <h1 style={{ fontSize: '18pt', margin: '0 0 2mm' }}>Mammogram score report</h1>
      <p style={{ margin: '0 0 4mm' }}>
        {name}
        {patientId ? ` · Patient ID ${patientId}` : ''} · Study date {formatStudyDate(studyDate)} · Printed {formatLongDate(new Date())}
      </p>
      <table>
        <thead>
          <tr>
            <th>Score</th>
            <th>Study</th>
            <th>Ranking in the population</th>
            <th>Right breast</th>
            <th>Left breast</th>
            <th>Model</th>
          </tr>
        </thead>
        <tbody>
          {SCORE_TABS.map((t) => {
            const e = result.study[t.score];
            const w = describeScore(e);
            return (
              <tr key={t.key}>
                <td>{t.title}</td>
                <td>{cell(e)}</td>
                <td>{w.available ? `${w.ranking} (quantile ${e.quantile!.toFixed(3)})` : w.reason}</td>
                <td>{cell(result.right[t.score])}</td>
                <td>{cell(result.left[t.score])}</td>
                <td>{`${e.model_name} ${e.model_version}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {result.density.study.percent !== null && (
        <p style={{ margin: '3mm 0 0' }}>
          Breast density: {Math.round(result.density.study.percent)}% dense tissue
          {result.density.study.grade ? `, BI-RADS-like grade ${result.density.study.grade} (${GRADE_WORDS[result.density.study.grade]})` : ''}.
          {result.inputs.age !== null ? ` Age used: ${Math.round(result.inputs.age)}.` : ''}
        </p>
      )}
      {advice.length > 0 && (
        <div style={{ margin: '3mm 0', padding: '2mm 3mm', border: '1px solid #999' }}>
          <strong>
            {ADVICE_TITLE} ({advice.map((t) => t.title).join(', ')})
          </strong>
          {ADVICE_TEXT.map((line) => (
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
        {engineLine(result)} {NOT_A_DIAGNOSIS}
      </p>
      <p style={{ fontSize: '9pt' }} data-testid="print-score-quality">
        How good these scores are, what they are built from and what they cannot do: <a href="/score-quality">{`${window.location.origin}/score-quality`}</a>
      </p>
      {result.inputs.notes.length > 0 && <p style={{ fontSize: '8pt' }}>Notes: {result.inputs.notes.join(' ')}</p>}
    </section>
  );
}
