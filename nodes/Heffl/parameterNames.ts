/** A parameter's name as the editor shows it, for messages about the parameter itself. */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { optionsProperty, versionProperties } from './descriptions';

type Option = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/**
 * The parameter at `segments` (`['filters', 'conditions', 'condition', '0', 'values']`) as
 * the editor of this version, resource and operation names it: "Filters › Conditions ›
 * Condition 1 › Values".
 */
export function displayPath(
	typeVersion: number,
	resource: string,
	operation: string,
	segments: string[],
): string {
	const shown = (property: INodeProperties) => {
		const show = property.displayOptions?.show;
		return (
			(!show?.resource || show.resource.includes(resource)) &&
			(!show?.operation || show.operation.includes(operation))
		);
	};
	let options: Option[] = [...versionProperties(typeVersion).filter(shown), optionsProperty];
	const names: string[] = [];
	for (const segment of segments) {
		if (/^\d+$/.test(segment)) {
			names[names.length - 1] += ` ${Number(segment) + 1}`;
			continue;
		}
		const found = options.find((option) => option.name === segment);
		if (!found) {
			// A resource locator's `value`; a resource mapper's `value` and its keys.
			if (segment !== 'value') names.push(segment);
			continue;
		}
		names.push('displayName' in found ? found.displayName : String(found.name));
		const inner = 'options' in found ? found.options : 'values' in found ? found.values : [];
		options = (inner ?? []) as Option[];
	}
	return names.join(' › ');
}
