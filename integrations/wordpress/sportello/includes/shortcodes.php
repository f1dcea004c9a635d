<?php
/**
 * Shortcodes, one per element:
 *   [sportello_live_chat mode="inline|launcher" category="2" widget_key="…" lang="it"]
 *   [sportello_ai_chat agent="1" heading="…" welcome="…" mode="inline|launcher" persist="session|local"]
 *   [sportello_sign_viewer file="1002" sign_mode="dialog" ask="yes"]   (ask: "About this document", through the gateway)
 *   [sportello_sign_composer process_type="POLIZZA-AUTO" open_viewer="no"]   (members allowed to prepare practices)
 *   [sportello_desk_form request="7001"]
 *   [sportello_desk_requests page_size="10"]   (a member's own requests, through the gateway's token)
 * Unknown options are dropped; every value reaches the page through esc_attr().
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

/** Each element's options with their defaults (shared with the blocks' attributes). */
function sportello_element_options() {
	return array(
		'live_chat'   => array(
			'mode'       => 'inline',
			'position'   => '',
			'category'   => '',
			'widget_key' => '',
			'lang'       => '',
		),
		'ai_chat'     => array(
			'agent'   => '',
			'heading' => '',
			'welcome' => '',
			'mode'    => '',
			'persist' => '',
			'lang'    => '',
		),
		'sign_viewer' => array(
			'file'      => '',
			'sign_mode' => '',
			'ask'       => '',
			'lang'      => '',
		),
		'sign_composer' => array(
			'process_type' => '',
			'open_viewer'  => '',
			'lang'         => '',
		),
		'desk_form'   => array(
			'request' => '',
			'lang'    => '',
		),
		'desk_requests' => array(
			'page_size' => '',
			'lang'      => '',
		),
	);
}

/** Renders element `$name` with `$given` options (a shortcode's or a block's). */
function sportello_render_element( $name, $given ) {
	$options = shortcode_atts( sportello_element_options()[ $name ], is_array( $given ) ? $given : array(), 'sportello_' . $name );
	$options = array_map( 'strval', $options );
	$render  = 'sportello_' . $name . '_html';
	return $render( $options );
}

add_action(
	'init',
	function () {
		foreach ( array_keys( sportello_element_options() ) as $name ) {
			add_shortcode(
				'sportello_' . $name,
				function ( $atts ) use ( $name ) {
					return sportello_render_element( $name, $atts );
				}
			);
		}
	}
);
