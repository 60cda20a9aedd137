// The AI text generator of the content tab (the spec's States, Validation rules, Limits): keywords (comma-separated), a button
// that is off while the field is blank or while generating, and today's count as `count/5 i dag`.
// When the day's generations are used, it says so in the spec's words instead of only greying out.
import { useEffect, useId, useState } from 'react';
import type { GeneratedText } from '../../../../contracts/ai';
import { formatAiCounter } from '../../../../rules/ai-limit';
import { MESSAGES } from '../../../../rules/messages';
import type { PageType } from '../../../../rules/pages';
import { ApiError } from '../../api/client';
import { canGenerate } from './page-draft';
import { generateText, loadAiUsage } from './pages-api';

interface AiGeneratorProps {
  pageType: PageType;
  onGenerated(text: GeneratedText): void;
}

export function AiGenerator({ pageType, onGenerated }: AiGeneratorProps) {
  const id = useId();
  const [keywords, setKeywords] = useState('');
  const [generating, setGenerating] = useState(false);
  const [usage, setUsage] = useState<{ usedToday: number; limit: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadAiUsage()
      .then((loaded) => live && setUsage(loaded))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const usedToday = usage?.usedToday ?? 0;
  const limit = usage?.limit ?? 5;
  const limitReached = usage !== null && usedToday >= limit;

  const generate = async () => {
    setGenerating(true);
    setError(null);
    try {
      const text = await generateText(keywords, pageType);
      setUsage({ usedToday: text.usedToday, limit: text.limit });
      onGenerated(text);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 429) setUsage({ usedToday: limit, limit });
      setError(caught instanceof Error ? caught.message : MESSAGES.aiFailed);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <div className="ai-box">
      <div className="ai-head">
        <h3 id={`${id}-title`}>Skriv tekst med AI</h3>
        <span className="ai-count" aria-live="polite">
          {formatAiCounter(usedToday)}
        </span>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-keywords`}>
          Nøgleord
        </label>
        <input
          id={`${id}-keywords`}
          value={keywords}
          placeholder="f.eks. tagrenovering, carporte, Aarhus"
          onChange={(event) => setKeywords(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <span className="field-hint" id={`${id}-hint`}>
          Skriv nøgleord adskilt af komma. Teksten tilføjes efter din nuværende tekst, og overskriften
          udfyldes kun, hvis den er tom.
        </span>
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={!canGenerate(keywords, generating, usedToday, limit)}
        onClick={() => void generate()}
      >
        {generating ? 'Genererer...' : 'Generer tekst'}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : limitReached ? (
        <p className="notice notice-info" role="status">
          {MESSAGES.aiDailyLimit}
        </p>
      ) : null}
    </div>
  );
}
