<?php
/**
 * The kit on the page: one module, assets/sportello-wp.js, which imports the plugin's own copy of
 * cdn/sportello.js (each element's code then loads from cdn/chunks the first time its tag appears)
 * and, for a logged-in member, gives the elements a token provider that asks this site for a
 * visitor token. The kit is imported by that one module and not enqueued a second time: a second
 * URL for it (WordPress appends ?ver=) would be a second copy with its own configuration.
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

/** Enqueues the kit once per page; called by whatever writes an element. */
function sportello_enqueue() {
	if ( wp_script_is( 'sportello-wp', 'enqueued' ) ) {
		return;
	}
	wp_enqueue_script( 'sportello-wp', SPORTELLO_URL . 'assets/sportello-wp.js', array(), SPORTELLO_VERSION, true );
}

/** `type="module"`, and where the member's token comes from, on our script tag. */
add_filter(
	'script_loader_tag',
	function ( $tag, $handle, $src ) {
		if ( 'sportello-wp' !== $handle ) {
			return $tag;
		}
		$data = '';
		if ( sportello_members_have_tokens() ) {
			$data = sprintf(
				' data-token-url="%1$s" data-nonce="%2$s"',
				esc_attr( esc_url_raw( rest_url( 'sportello/v1/visitor-token' ) ) ),
				esc_attr( wp_create_nonce( 'wp_rest' ) )
			);
		}
		return sprintf( '<script type="module" src="%1$s" id="sportello-wp-js"%2$s></script>' . "\n", esc_url( $src ), $data );
	},
	10,
	3
);
