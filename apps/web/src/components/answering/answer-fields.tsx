import { createElement } from 'react';
import { Skeleton } from '../ui/skeleton';
import { useT } from '../../lib/i18n';
import { useAnswerWidget } from './answer-widgets';
import type { AnswerFieldsProps } from './field-common';
import '../ui/field.css';
import './answer-fields.css';

/**
 * The answer form part of a question, one widget per question type, each a labelled group.
 * Controlled: the draft lives with the caller, so a failed request never loses it. Each type's
 * widget is its own chunk (answer-widgets.ts); until it arrives a placeholder of about a widget's
 * height holds the place, so the buttons under the form do not jump.
 */
export function AnswerFields(props: AnswerFieldsProps) {
  const widget = useAnswerWidget(props.question.type);
  // Each widget is made once, when its module loads, and kept: a type renders the same component
  // every time, so its state survives re-renders.
  return widget ? createElement(widget, props) : <AnswerFieldsLoading />;
}

function AnswerFieldsLoading() {
  const t = useT();
  return (
    <div className="answer-fields-loading" role="status" aria-busy="true">
      <span className="visually-hidden">{t('answering.loadingFields')}</span>
      <Skeleton height="2.75rem" />
      <Skeleton height="2.75rem" />
      <Skeleton height="2.75rem" />
    </div>
  );
}
