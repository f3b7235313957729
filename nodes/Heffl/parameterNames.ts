/** A parameter's name as the editor shows it, for messages about the parameter itself. */
import type {
	IDataObject,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';

import { optionsProperty, versionProperties } from './descriptions';

type Option = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/**
 * Whether an option is the one shown beside these sibling values, where several share a
 * name (a condition's Values: text, or a list for fields Heffl lists): its show and hide
 * conditions on siblings, as the editor reads them from the raw parameters.
 */
function shownBeside(option: Option, siblings: IDataObject): boolean {
	const conditions = 'displayOptions' in option ? option.displayOptions : undefined;
	const holds = (key: string, values: unknown[]) =>
		key.startsWith('/') || values.includes(siblings[key] as never);
	const show = Object.entries(conditions?.show ?? {});
	const hide = Object.entries(conditions?.hide ?? {});
	return (
		show.every(([key, values]) => holds(key, values ?? [])) &&
		!hide.some(([key, values]) => !key.startsWith('/') && holds(key, values ?? []))
	);
}

/**
 * The parameter at `segments` (`['filters', 'conditions', 'condition', '0', 'values']`) as
 * the node's editor names it, for its version, resource and operation: "Filters › Conditions ›
 * Condition 1 › Values".
 */
export function displayPath(node: INode, segments: string[]): string {
	const resource = String(node.parameters.resource ?? '');
	const operation = String(node.parameters.operation ?? '');
	const shown = (property: INodeProperties) => {
		const show = property.displayOptions?.show;
		return (
			(!show?.resource || show.resource.includes(resource)) &&
			(!show?.operation || show.operation.includes(operation))
		);
	};
	let options: Option[] = [...versionProperties(node.typeVersion).filter(shown), optionsProperty];
	const names: string[] = [];
	// The raw parameters at the level walked: readable, as they hold the expression, not its value.
	let raw: unknown = node.parameters;
	for (const segment of segments) {
		const siblings = (raw && typeof raw === 'object' ? raw : {}) as IDataObject;
		raw = siblings[segment];
		if (/^\d+$/.test(segment)) {
			names[names.length - 1] += ` ${Number(segment) + 1}`;
			continue;
		}
		const named = options.filter((option) => option.name === segment);
		const found = named.find((option) => shownBeside(option, siblings)) ?? named[0];
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
