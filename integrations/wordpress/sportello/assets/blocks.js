// Editor blocks for the elements. Dynamic blocks: the server writes the element (the same
// code as the shortcodes), so `save` stores only the options. No build step: plain wp.* globals.
(function (wp) {
  const { registerBlockType } = wp.blocks;
  const { createElement: h, Fragment } = wp.element;
  const { InspectorControls, useBlockProps } = wp.blockEditor;
  const { PanelBody, Placeholder, TextControl, SelectControl } = wp.components;
  const { __ } = wp.i18n;

  const lang = {
    label: __('Language', 'sportello'),
    options: [
      { value: '', label: __('Default', 'sportello') },
      { value: 'it', label: 'Italiano' },
      { value: 'en', label: 'English' },
      { value: 'de', label: 'Deutsch' },
      { value: 'fr', label: 'Français' },
      { value: 'es', label: 'Español' },
    ],
  };
  const mode = {
    label: __('Display', 'sportello'),
    options: [
      { value: 'inline', label: __('In the page', 'sportello') },
      { value: 'launcher', label: __('Floating button', 'sportello') },
    ],
  };

  const blocks = {
    'sportello/live-chat': {
      title: __('Live chat', 'sportello'),
      icon: 'format-chat',
      fields: {
        mode,
        category: __('Chat category id', 'sportello'),
        widget_key: __("Widget key (empty: the settings' one)", 'sportello'),
        lang,
      },
    },
    'sportello/ai-chat': {
      title: __('AI assistant', 'sportello'),
      icon: 'lightbulb',
      fields: {
        agent: __('Agent id', 'sportello'),
        heading: __('Heading', 'sportello'),
        welcome: __('Welcome message', 'sportello'),
        lang,
      },
    },
    'sportello/sign-viewer': {
      title: __('Documents to sign', 'sportello'),
      icon: 'media-document',
      fields: {
        file: __("Practice id (empty: the member's own)", 'sportello'),
        ask: {
          label: __('About this document (AI summary and questions)', 'sportello'),
          options: [
            { value: '', label: __('Off', 'sportello') },
            { value: 'yes', label: __('On', 'sportello') },
          ],
        },
        lang,
      },
    },
    'sportello/sign-composer': {
      title: __('Prepare a practice', 'sportello'),
      icon: 'edit-page',
      fields: {
        process_type: __('Process type code (empty: the member chooses)', 'sportello'),
        open_viewer: {
          label: __('Once sent', 'sportello'),
          options: [
            { value: '', label: __('Show the practice, in-person signers sign there', 'sportello') },
            { value: 'no', label: __('Show only the links', 'sportello') },
          ],
        },
        lang,
      },
    },
    'sportello/desk-form': {
      title: __('Help-desk request', 'sportello'),
      icon: 'sos',
      fields: { request: __('Follow request id (empty: a new request)', 'sportello'), lang },
    },
    'sportello/desk-requests': {
      title: __('My help-desk requests', 'sportello'),
      icon: 'list-view',
      fields: { page_size: __('Requests per page', 'sportello'), lang },
    },
  };

  for (const [name, block] of Object.entries(blocks)) {
    registerBlockType(name, {
      apiVersion: 2,
      title: block.title,
      category: 'sportello',
      icon: block.icon,
      supports: { html: false },
      edit({ attributes, setAttributes }) {
        const controls = Object.entries(block.fields).map(([key, field]) =>
          typeof field === 'string'
            ? h(TextControl, {
                key,
                label: field,
                value: attributes[key] ?? '',
                onChange: (value) => setAttributes({ [key]: value }),
              })
            : h(SelectControl, {
                key,
                label: field.label,
                value: attributes[key] ?? '',
                options: field.options,
                onChange: (value) => setAttributes({ [key]: value }),
              }),
        );
        return h(
          Fragment,
          null,
          h(InspectorControls, null, h(PanelBody, { title: __('Settings', 'sportello') }, controls)),
          h(
            'div',
            useBlockProps(),
            h(Placeholder, {
              icon: block.icon,
              label: `Sportello: ${block.title}`,
              instructions: __('Shown to visitors on the published page.', 'sportello'),
            }),
          ),
        );
      },
      save: () => null,
    });
  }
})(window.wp);
