import type { QuestionContent } from '@questa/contracts';
import {
  CALCULATED_LIMITS,
  drawInstance,
  formatValue,
  parseFormula,
  printFormula,
  type CalculatedVariable,
} from '@questa/contracts/rules';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { removeAt, replaceAt } from './content-helpers';
import { AddEntryButton } from './editable-list';
import { issueText } from './issue-text';
import { NumberInput } from './number-input';
import { UnitField } from './numeric-fields';
import './calculated-fields.css';

type Calculated = Extract<QuestionContent, { type: 'calculated' }>;
const variableFields = ['name', 'min', 'max', 'decimals', 'step'] as const;
type VariableField = (typeof variableFields)[number];

/** The first letter from a to z no variable uses yet, so a new row starts with a usable name. */
function freeName(variables: readonly CalculatedVariable[]): string {
  const taken = new Set(variables.map((v) => v.name));
  for (let code = 97; code <= 122; code++) {
    const name = String.fromCharCode(code);
    if (!taken.has(name)) return name;
  }
  return `v${variables.length + 1}`;
}

/**
 * The variables of a calculated question in a table (name, range, decimals, optional step), the
 * answer formula checked as it is typed, the tolerance and a sample: one draw of the variables and
 * the answer the formula gives for it, drawn again on request.
 */
export function CalculatedFields({
  content,
  onChange,
  issues,
}: {
  content: Calculated;
  onChange: (content: Calculated) => void;
  issues: Issues;
}) {
  const t = useT();
  const variablesError = useId();
  const { variables } = content;
  const setVariable = (index: number, variable: CalculatedVariable) =>
    onChange({ ...content, variables: replaceAt(variables, index, variable) });
  const parsed = useMemo(() => parseFormula(content.formula), [content.formula]);
  const errorId = (index: number) => `${variablesError}-${index}`;
  const columns = {
    min: t('calculated.min'),
    max: t('calculated.max'),
    decimals: t('calculated.decimals'),
    step: t('calculated.step'),
  };

  return (
    <>
      <fieldset
        className="fieldset calculated-fieldset"
        aria-describedby={issues.variables ? variablesError : undefined}
      >
        <legend>{t('calculated.variables')}</legend>
        <p className="field__hint">{t('calculated.variablesHint', { a: '{a}' })}</p>
        <FieldError id={variablesError} message={issueText(t, issues.variables)} />
        <div className="calculated-variables">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('calculated.name')}</th>
                <th scope="col">{t('calculated.min')}</th>
                <th scope="col">{t('calculated.max')}</th>
                <th scope="col">{t('calculated.decimals')}</th>
                <th scope="col">{t('calculated.step')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('calculated.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {variables.map((variable, index) => {
                // A field with an issue is marked and read with the row's error under the table.
                const problem = (key: VariableField) =>
                  issues[`variables.${index}.${key}`]
                    ? { 'aria-invalid': true as const, 'aria-describedby': errorId(index) }
                    : {};
                const label = (key: Exclude<VariableField, 'name'>) =>
                  `${columns[key]} ${variable.name}`;
                return (
                  <tr key={index}>
                    <td>
                      <input
                        {...problem('name')}
                        className="input"
                        aria-label={t('calculated.nameOf', { number: index + 1 })}
                        value={variable.name}
                        maxLength={CALCULATED_LIMITS.nameMax}
                        onChange={(event) =>
                          setVariable(index, { ...variable, name: event.target.value.trim() })
                        }
                      />
                    </td>
                    <td>
                      <NumberInput
                        {...problem('min')}
                        aria-label={label('min')}
                        value={variable.min}
                        onValueChange={(min) => setVariable(index, { ...variable, min })}
                      />
                    </td>
                    <td>
                      <NumberInput
                        {...problem('max')}
                        aria-label={label('max')}
                        value={variable.max}
                        onValueChange={(max) => setVariable(index, { ...variable, max })}
                      />
                    </td>
                    <td>
                      <NumberInput
                        {...problem('decimals')}
                        aria-label={label('decimals')}
                        value={variable.decimals}
                        onValueChange={(decimals) => setVariable(index, { ...variable, decimals })}
                      />
                    </td>
                    <td>
                      <NumberInput
                        {...problem('step')}
                        aria-label={label('step')}
                        placeholder={t('calculated.anyStep')}
                        value={variable.step ?? Number.NaN}
                        onValueChange={(step) => {
                          const { step: _step, ...rest } = variable;
                          setVariable(index, Number.isNaN(step) ? rest : { ...rest, step });
                        }}
                      />
                    </td>
                    <td>
                      <Button
                        variant="ghost"
                        className="button--small"
                        disabled={variables.length <= CALCULATED_LIMITS.variablesMin}
                        onClick={() =>
                          onChange({ ...content, variables: removeAt(variables, index) })
                        }
                      >
                        {t('calculated.remove', { name: variable.name })}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {variables.map((variable, index) => {
          const error = variableFields
            .map((key) => issueText(t, issues[`variables.${index}.${key}`]))
            .find(Boolean);
          return error ? (
            <p key={index} id={errorId(index)} className="field__error">
              {variable.name || index + 1}: {error}
            </p>
          ) : null;
        })}
        <AddEntryButton
          label={t('calculated.addVariable')}
          disabled={variables.length >= CALCULATED_LIMITS.variablesMax}
          onAdd={() =>
            onChange({
              ...content,
              variables: [
                ...variables,
                { name: freeName(variables), min: 1, max: 10, decimals: 0 },
              ],
            })
          }
        />
      </fieldset>

      <Field
        label={t('calculated.formula')}
        hint={t('calculated.formulaHint')}
        error={issueText(t, issues.formula)}
      >
        {(control) => (
          <input
            {...control}
            className="input calculated-formula"
            spellCheck={false}
            autoComplete="off"
            placeholder={t('calculated.formulaPlaceholder')}
            value={content.formula}
            onChange={(event) => onChange({ ...content, formula: event.target.value })}
          />
        )}
      </Field>
      {parsed.ok && !issues.formula && (
        <p className="calculated-reads" role="status">
          {t('calculated.readsAs', { formula: printFormula(parsed.tree) })}
        </p>
      )}

      <div className="editor-grid">
        <Field label={t('calculated.tolerance')} error={issueText(t, issues.tolerance)}>
          {(control) => (
            <NumberInput
              {...control}
              value={content.tolerance}
              onValueChange={(tolerance) => onChange({ ...content, tolerance })}
            />
          )}
        </Field>
        <Field label={t('calculated.toleranceType')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={content.toleranceType}
              onChange={(event) =>
                onChange({
                  ...content,
                  toleranceType: event.target.value === 'absolute' ? 'absolute' : 'relative',
                })
              }
            >
              <option value="relative">{t('calculated.relative')}</option>
              <option value="absolute">{t('calculated.absolute')}</option>
            </select>
          )}
        </Field>
        <Field label={t('calculated.answerDecimals')} error={issueText(t, issues.answerDecimals)}>
          {(control) => (
            <NumberInput
              {...control}
              value={content.answerDecimals}
              onValueChange={(answerDecimals) => onChange({ ...content, answerDecimals })}
            />
          )}
        </Field>
        <UnitField content={content} onChange={onChange} error={issues.unit} />
      </div>
      <CalculatedSample content={content} />
    </>
  );
}

/** One draw of the variables and the answer for it; "Draw again" shows another. */
function CalculatedSample({ content }: { content: Calculated }) {
  const t = useT();
  const headingId = useId();
  const [draw, setDraw] = useState(0);
  // `draw` is read so that each press of the button draws anew.
  const instance = useMemo(
    () =>
      draw >= 0 && parseFormula(content.formula).ok ? drawInstance(content, Math.random) : null,
    [content, draw],
  );
  const decimals = new Map(content.variables.map((v) => [v.name, v.decimals]));
  return (
    <section className="calculated-sample" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('calculated.sample')}</h2>
      {instance ? (
        <>
          <p>
            {Object.entries(instance.values)
              .map(([name, value]) => `${name} = ${formatValue(value, decimals.get(name) ?? 0)}`)
              .join(', ')}
          </p>
          <p className="calculated-sample__answer">
            {t('calculated.sampleAnswer', {
              answer: formatValue(instance.answer, content.answerDecimals),
              tolerance: Number(instance.tolerance.toPrecision(6)),
              unit: content.unit ?? '',
            }).trim()}
          </p>
        </>
      ) : (
        <p>{t('calculated.noSample')}</p>
      )}
      <Button variant="secondary" className="button--small" onClick={() => setDraw((n) => n + 1)}>
        {t('calculated.drawAgain')}
      </Button>
    </section>
  );
}
