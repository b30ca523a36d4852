import { ScoreQuality } from '../features/score-quality/ScoreQuality';

export default function ScoreQualityPage() {
  return <ScoreQuality />;
}
