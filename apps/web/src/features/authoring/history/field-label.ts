import type { Translate } from '../../../lib/i18n';
import type { FieldValue } from '../diff';
import { isQuestionType } from '../question-kinds';

const blankParts: Record<string, 'id' | 'accepted' | 'caseSensitive' | 'options' | 'correct'> = {
  id: 'id',
  accepted: 'accepted',
  caseSensitive: 'caseSensitive',
  options: 'options',
  correct: 'correct',
};

/** A content path (`options.1.text`) as the editor labels that field ("Option 2"). */
export function fieldLabel(t: Translate, path: string): string {
  const [field = '', index, part] = path.split('.');
  const n = Number(index) + 1;
  switch (field) {
    case 'type':
      return t('history.field.type');
    case 'stem':
      return t('editor.stem');
    case 'options':
      if (part === 'credit') return t('editor.credit', { n });
      if (part === 'feedback') return t('editor.optionFeedback', { n });
      return part === 'correct' ? t('editor.optionCorrect', { n }) : t('editor.option', { n });
    case 'hints':
      return t('editor.hint', { n });
    case 'answer':
      return t('editor.correctAnswer');
    case 'accepted':
      return t('editor.acceptedAnswer', { n });
    case 'credits':
      return t('editor.answerCredit', { n });
    case 'alternatives':
      return t('editor.otherAnswer', { n });
    case 'caseSensitive':
      return t('editor.caseSensitive');
    case 'whitespace':
      return t('editor.whitespace');
    case 'value':
      return t('editor.value');
    case 'tolerance':
      return t('editor.tolerance');
    case 'unit':
      return t('editor.unit');
    case 'items':
      return t('editor.item', { n });
    case 'pairs':
      return part === 'answer' ? t('editor.match', { n }) : t('editor.prompt', { n });
    case 'blanks':
      return t(`history.field.blank.${blankParts[part ?? ''] ?? 'id'}`, { n });
    case 'image':
      return index === 'alt' ? t('editor.hotspot.alt') : t('editor.hotspot.image');
    case 'markers':
      return t('editor.hotspot.markers');
    case 'regions':
      return part === 'correct'
        ? t('editor.hotspot.correct', { n })
        : part === 'label'
          ? t('editor.hotspot.label', { n })
          : t('history.field.regionShape', { n });
    case 'variables': {
      const key = part === 'min' || part === 'max' || part === 'decimals' || part === 'step';
      return `${t('calculated.nameOf', { number: n })}${key ? ` · ${t(`calculated.${part}`)}` : ''}`;
    }
    case 'formula':
      return t('calculated.formula');
    case 'toleranceType':
      return t('calculated.toleranceType');
    case 'answerDecimals':
      return t('calculated.answerDecimals');
    case 'explanation':
      return t('editor.explanation');
    case 'topic':
      return t('editor.topic');
    case 'tags':
      return t('editor.tags');
    case 'difficulty':
      return t('editor.difficulty');
    case 'points':
      return t('editor.points');
    case 'licence':
      return t('editor.licence');
    case 'attribution':
      return t('editor.attribution');
    case 'rubric':
      return t('editor.essay.rubric');
    case 'modelAnswer':
      return t('editor.essay.modelAnswer');
    case 'minWords':
      return t('editor.essay.minWords');
    case 'maxWords':
      return t('editor.essay.maxWords');
    default:
      return path;
  }
}

/** A field's value as text: yes and no for switches, labels for types and choices. */
export function fieldValue(t: Translate, path: string, value: FieldValue | undefined): string {
  if (value === undefined || value === '') return t('history.empty');
  if (path === 'answer') return value ? t('editor.true') : t('editor.false');
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (path === 'type' && isQuestionType(value)) return t(`questionType.${value}`);
  if (path === 'whitespace') {
    return value === 'exact' ? t('editor.whitespace.exact') : t('editor.whitespace.collapse');
  }
  return String(value);
}
