<?php
/**
 * One editor block per element (Sportello category): dynamic blocks, rendered on the server by the
 * same code as the shortcodes, so a block and a shortcode always write the same tag. The editor
 * script (assets/blocks.js) needs no build step: plain wp.element calls.
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

/** Block name => shortcode element name. */
const SPORTELLO_BLOCKS = array(
	'sportello/live-chat'   => 'live_chat',
	'sportello/ai-chat'     => 'ai_chat',
	'sportello/sign-viewer' => 'sign_viewer',
	'sportello/sign-composer' => 'sign_composer',
	'sportello/desk-form'   => 'desk_form',
	'sportello/desk-requests' => 'desk_requests',
);

add_action(
	'init',
	function () {
		wp_register_script(
			'sportello-blocks',
			SPORTELLO_URL . 'assets/blocks.js',
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n' ),
			SPORTELLO_VERSION,
			true
		);
		// The editor's strings from the same PHP tables as the rest of the plugin (includes/i18n.php).
		$locale_data = array( '' => array( 'domain' => 'sportello' ) );
		foreach ( sportello_translations() as $text => $translation ) {
			$locale_data[ $text ] = array( $translation );
		}
		wp_add_inline_script( 'sportello-blocks', 'wp.i18n.setLocaleData(' . wp_json_encode( $locale_data ) . ', "sportello");', 'before' );
		$options = sportello_element_options();
		foreach ( SPORTELLO_BLOCKS as $block => $element ) {
			$attributes = array();
			foreach ( $options[ $element ] as $key => $default ) {
				$attributes[ $key ] = array(
					'type'    => 'string',
					'default' => 'live_chat' === $element && 'mode' === $key ? 'inline' : (string) $default,
				);
			}
			register_block_type(
				$block,
				array(
					'api_version'     => 2,
					'editor_script'   => 'sportello-blocks',
					'attributes'      => $attributes,
					'render_callback' => function ( $attrs ) use ( $element ) {
						return sportello_render_element( $element, $attrs );
					},
				)
			);
		}
	}
);

add_filter(
	'block_categories_all',
	function ( $categories ) {
		$categories[] = array(
			'slug'  => 'sportello',
			'title' => __( 'Sportello', 'sportello' ),
		);
		return $categories;
	}
);
