import type { QuestionContent } from '@questa/contracts';
import {
  drawInstance,
  formatValue,
  parseFormula,
  seededRandom,
  type CalculatedInstance,
} from '@questa/contracts/rules';
import { useId, useMemo, useState } from 'react';
import { HotspotPicture } from '../../../components/answering/hotspot-picture';
import { Button } from '../../../components/ui/button';
import { useT, type Translate } from '../../../lib/i18n';
import { renderInlineMarkdown, renderMarkdown } from '../../../lib/markdown/render-markdown';
import { hasCredits, optionCredits } from '@questa/contracts/rules';
import { percentOf } from './option-extras';
import './question-preview.css';

/** A fixed shuffle: the same entries always come out in the same, mixed order. */
function shuffled<T extends { id: string }>(items: readonly T[]): T[] {
  const weight = (id: string) => {
    let hash = 2166136261;
    for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    return hash >>> 0;
  };
  const mixed = [...items].sort((a, b) => weight(a.id) - weight(b.id));
  // Mixed must mean mixed: a shuffle that happens to keep the order would give the answer away.
  return mixed.every((item, i) => item === items[i]) ? [...items].reverse() : mixed;
}

function Inline({ text }: { text: string }) {
  const html = useMemo(() => renderInlineMarkdown(text), [text]);
  // Sanitised by renderInlineMarkdown.
  return <span className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

function blankAnswer(t: Translate, content: Extract<QuestionContent, { type: 'cloze' }>) {
  return (id: string) => {
    const blank = content.blanks.find((candidate) => candidate.id === id);
    if (!blank) return '____';
    return blank.kind === 'text'
      ? (blank.accepted[0] ?? '')
      : (blank.options[blank.correct] ?? t('preview.noAnswer'));
  };
}

/**
 * The question as a learner sees it: the answer stays hidden until "Show answer". Nothing here
 * can be answered; the preview only shows.
 */
export function QuestionPreview({ content }: { content: QuestionContent }) {
  const t = useT();
  const headingId = useId();
  const [showAnswer, setShowAnswer] = useState(false);

  const blank = useMemo(() => {
    if (content.type !== 'cloze') return undefined;
    const answer = blankAnswer(t, content);
    return (id: string) => {
      if (showAnswer) return answer(id);
      const choice = content.blanks.find((b) => b.id === id);
      return choice?.kind === 'choice' ? `[${choice.options.join(' / ')}]` : '______';
    };
  }, [content, showAnswer, t]);
  // A calculated question shows one fixed draw, so the preview does not change on every keystroke.
  const instance = useMemo(
    () =>
      content.type === 'calculated' && parseFormula(content.formula).ok
        ? drawInstance(content, seededRandom(1))
        : null,
    [content],
  );
  const stem = instance?.stem ?? content.stem;
  const stemHtml = useMemo(() => renderMarkdown(stem, blank ? { blank } : {}), [stem, blank]);
  const explanationHtml = useMemo(
    () => (content.explanation ? renderMarkdown(content.explanation) : ''),
    [content.explanation],
  );

  return (
    <section className="question-preview" aria-labelledby={headingId}>
      <div className="question-preview__header">
        <h2 id={headingId}>{t('preview.title')}</h2>
        <Button
          variant="secondary"
          className="button--small"
          aria-pressed={showAnswer}
          onClick={() => setShowAnswer((shown) => !shown)}
        >
          {t('preview.showAnswer')}
        </Button>
      </div>
      <div className="question-preview__card" data-answer={showAnswer || undefined}>
        {/* Sanitised by renderMarkdown. */}
        <div className="markdown" dangerouslySetInnerHTML={{ __html: stemHtml }} />
        <PreviewAnswer content={content} showAnswer={showAnswer} calculated={instance} />
        {content.hints && content.hints.length > 0 && (
          <div className="question-preview__hints">
            <h3>{t('preview.hints')}</h3>
            <ol>
              {content.hints.map((hint, i) => (
                <li key={i}>
                  <Inline text={hint} />
                </li>
              ))}
            </ol>
          </div>
        )}
        {showAnswer && explanationHtml && (
          <div className="question-preview__explanation">
            <h3>{t('editor.explanation')}</h3>
            <div className="markdown" dangerouslySetInnerHTML={{ __html: explanationHtml }} />
          </div>
        )}
      </div>
    </section>
  );
}

function Mark({ correct }: { correct: boolean }) {
  const t = useT();
  if (!correct) return null;
  return <span className="question-preview__correct">{t('preview.correct')}</span>;
}

function PreviewAnswer({
  content,
  showAnswer,
  calculated,
}: {
  content: QuestionContent;
  showAnswer: boolean;
  calculated: CalculatedInstance | null;
}) {
  const t = useT();
  switch (content.type) {
    case 'single_choice':
    case 'multiple_response': {
      // With credits, each option shows what it earns; without, the correct marks say it all.
      const credited = hasCredits(content.options);
      const credits = optionCredits(content.type, content.options);
      return (
        <ul
          className={`question-preview__choices question-preview__choices--${content.type === 'single_choice' ? 'radio' : 'check'}`}
        >
          {content.options.map((option, i) => (
            <li key={option.id} data-correct={(showAnswer && option.correct) || undefined}>
              <Inline text={option.text} />
              <Mark correct={showAnswer && option.correct} />
              {showAnswer && credited && (
                <span className="question-preview__credit">
                  {t('preview.credit', { percent: percentOf(credits[i] ?? 0) })}
                </span>
              )}
              {showAnswer && option.feedback && (
                <span className="question-preview__feedback">
                  {t('preview.feedback')} <Inline text={option.feedback} />
                </span>
              )}
            </li>
          ))}
        </ul>
      );
    }
    case 'true_false':
      return (
        <ul className="question-preview__choices question-preview__choices--radio">
          {[true, false].map((value) => (
            <li
              key={String(value)}
              data-correct={(showAnswer && content.answer === value) || undefined}
            >
              {value ? t('editor.true') : t('editor.false')}
              <Mark correct={showAnswer && content.answer === value} />
            </li>
          ))}
        </ul>
      );
    case 'short_text':
      return (
        <>
          <div className="question-preview__input" aria-hidden="true" />
          {showAnswer && (
            <p className="question-preview__answer">
              {t('preview.accepted', {
                answers: content.accepted
                  .map((answer, i) => {
                    const credit = content.credits?.[i] ?? 1;
                    return credit === 1
                      ? answer
                      : t('preview.partial', { answer, percent: percentOf(credit) });
                  })
                  .join(' · '),
              })}
            </p>
          )}
        </>
      );
    case 'numeric':
      return (
        <>
          <div className="question-preview__number">
            <div className="question-preview__input" aria-hidden="true" />
            {content.unit && <span>{content.unit}</span>}
          </div>
          {showAnswer && (
            <p className="question-preview__answer">
              {t('preview.numeric', {
                value: Number.isFinite(content.value) ? content.value : '?',
                tolerance: Number.isFinite(content.tolerance) ? content.tolerance : '?',
                unit: content.unit ?? '',
              }).trim()}
            </p>
          )}
          {showAnswer && content.alternatives && (
            <p className="question-preview__answer">
              {t('preview.numericAlso', {
                answers: content.alternatives
                  .map((a) =>
                    t('preview.partial', {
                      answer: `${Number.isFinite(a.value) ? a.value : '?'} ± ${Number.isFinite(a.tolerance) ? a.tolerance : '?'}`,
                      percent: percentOf(a.credit),
                    }),
                  )
                  .join(' · '),
              })}
            </p>
          )}
        </>
      );
    case 'ordering':
      return (
        <ol className="question-preview__order">
          {(showAnswer ? content.items : shuffled(content.items)).map((item) => (
            <li key={item.id}>
              <Inline text={item.text} />
            </li>
          ))}
        </ol>
      );
    case 'matching': {
      const answers = shuffled(content.pairs);
      return (
        <dl className="question-preview__pairs">
          {content.pairs.map((pair, index) => (
            <div key={pair.id}>
              <dt>
                <Inline text={pair.prompt} />
              </dt>
              <dd>
                {showAnswer ? (
                  <Inline text={pair.answer} />
                ) : (
                  <Inline text={answers[index]?.answer ?? ''} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      );
    }
    case 'cloze':
      return null;
    case 'hotspot':
      if (content.image.sha256 === '' || !(content.image.width > 0 && content.image.height > 0)) {
        return <p className="question-preview__answer">{t('preview.noImage')}</p>;
      }
      return (
        <HotspotPicture
          image={content.image}
          regions={
            showAnswer
              ? content.regions.map((region) => ({
                  region,
                  tone: region.correct ? 'correct' : 'plain',
                }))
              : []
          }
          frame={{ role: 'img', 'aria-label': content.image.alt }}
        />
      );
    case 'calculated':
      return (
        <>
          <div className="question-preview__number">
            <div className="question-preview__input" aria-hidden="true" />
            {content.unit && <span>{content.unit}</span>}
          </div>
          {showAnswer && (
            <p className="question-preview__answer">
              {calculated
                ? t('preview.numeric', {
                    value: formatValue(calculated.answer, content.answerDecimals),
                    tolerance: Number(calculated.tolerance.toPrecision(6)),
                    unit: content.unit ?? '',
                  }).trim()
                : t('preview.noAnswer')}
            </p>
          )}
        </>
      );
    case 'essay':
      return showAnswer ? (
        <div className="question-preview__essay">
          {content.rubric.trim() !== '' && <Inline text={content.rubric} />}
          {content.modelAnswer.trim() !== '' && <Inline text={content.modelAnswer} />}
        </div>
      ) : (
        <p className="question-preview__essay">{t('editor.essay.previewBox')}</p>
      );
  }
}
